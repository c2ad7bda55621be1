import { Injectable } from '@nestjs/common';
import {
  Account,
  isValidId,
  RecordNotFoundError,
  Status,
  StatusRepository,
} from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { StatusVisibilityService } from './status-visibility.service';

/**
 * Removes a bookmark. One's own bookmark can always be removed, even when the author has since
 * blocked the account (the status then comes back as it was bookmarked); without a bookmark the
 * status must be visible.
 */
@Injectable()
export class UnbookmarkService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusVisibilityService,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    if (!isValidId(statusId)) throw new RecordNotFoundError();
    const status = await this.statuses.findOneWithRelations(statusId);
    if (!status) {
      // A deleted status: the bookmark goes, the status stays gone.
      await this.dataSource.query(
        `DELETE FROM bookmarks WHERE account_id = $1 AND status_id = $2`,
        [account.id, statusId],
      );
      throw new RecordNotFoundError();
    }
    const target = status.reblog ?? status;
    const [deleted] = (await this.dataSource.query(
      `DELETE FROM bookmarks WHERE account_id = $1 AND status_id = $2 RETURNING id`,
      [account.id, target.id],
    )) as [unknown[], number];
    if (deleted.length > 0) return status;
    return (await this.visibility.findVisible(statusId, account)).status;
  }
}
