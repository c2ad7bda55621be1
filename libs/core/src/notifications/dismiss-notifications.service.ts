import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, isValidId, RecordNotFoundError } from '@nestodon/domain';
import { DataSource } from 'typeorm';

/** Dismisses one notification, a group of them, or all of a user's notifications. */
@Injectable()
export class DismissNotificationsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async dismiss(viewer: Pick<Account, 'id'>, id: string): Promise<void> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM notifications WHERE id = $1 AND account_id = $2`,
      [id, viewer.id],
    );
    if (count === 0) throw new RecordNotFoundError();
  }

  /** Every notification of a group (`ungrouped-<id>` is one notification). */
  async dismissGroup(viewer: Pick<Account, 'id'>, groupKey: string): Promise<void> {
    const ungrouped = /^ungrouped-(\d{1,19})$/.exec(groupKey);
    if (ungrouped) return this.dismiss(viewer, ungrouped[1]);
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM notifications WHERE account_id = $1 AND group_key = $2`,
      [viewer.id, groupKey],
    );
    if (count === 0) throw new RecordNotFoundError();
  }

  async clear(viewer: Pick<Account, 'id'>): Promise<void> {
    await this.dataSource.query(`DELETE FROM notifications WHERE account_id = $1`, [viewer.id]);
  }
}
