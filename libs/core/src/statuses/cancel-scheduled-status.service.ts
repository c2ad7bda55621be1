import { Injectable } from '@nestjs/common';
import { Account, isValidId, RecordNotFoundError } from '@nestodon/domain';
import { DataSource } from 'typeorm';

/** Cancels a scheduled status; its media become unattached again (usable in another post). */
@Injectable()
export class CancelScheduledStatusService {
  constructor(private readonly dataSource: DataSource) {}

  async call(account: Account, id: string): Promise<void> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const [rows] = (await this.dataSource.query(
      `DELETE FROM scheduled_statuses WHERE id = $1 AND account_id = $2 RETURNING id`,
      [id, account.id],
    )) as [unknown[], number];
    if (rows.length === 0) throw new RecordNotFoundError();
  }
}
