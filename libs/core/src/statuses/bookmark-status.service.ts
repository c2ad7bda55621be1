import { Injectable } from '@nestjs/common';
import { Account, BookmarkRepository, Status } from '@nestodon/domain';
import { StatusQueries } from './status-queries';

/** Bookmarks a status the account can see (a reblog's original); private, idempotent. */
@Injectable()
export class BookmarkStatusService {
  constructor(
    private readonly visibility: StatusQueries,
    private readonly bookmarks: BookmarkRepository,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    await this.bookmarks.insert(account.id, (status.reblog ?? status).id);
    return status;
  }
}
