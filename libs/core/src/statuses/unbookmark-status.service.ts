import { Injectable } from '@nestjs/common';
import {
  Account,
  BookmarkRepository,
  isValidId,
  RecordNotFoundError,
  Status,
  StatusRepository,
} from '@nestodon/domain';
import { StatusQueries } from './status-queries';

/**
 * Removes a bookmark. One's own bookmark can always be removed, even when the author has since
 * blocked the account (the status then comes back as it was bookmarked); without a bookmark the
 * status must be visible.
 */
@Injectable()
export class UnbookmarkStatusService {
  constructor(
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusQueries,
    private readonly bookmarks: BookmarkRepository,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    if (!isValidId(statusId)) throw new RecordNotFoundError();
    const status = await this.statuses.findOneWithRelations(statusId);
    if (!status) {
      // A deleted status: the bookmark goes, the status stays gone.
      await this.bookmarks.delete(account.id, statusId);
      throw new RecordNotFoundError();
    }
    if (await this.bookmarks.delete(account.id, (status.reblog ?? status).id)) return status;
    return (await this.visibility.findVisible(statusId, account)).status;
  }
}
