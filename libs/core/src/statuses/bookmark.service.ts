import { Injectable } from '@nestjs/common';
import { Account, Status } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { StatusVisibilityService } from './status-visibility.service';

/** Bookmarks a status the account can see (a reblog's original); private, idempotent. */
@Injectable()
export class BookmarkService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: StatusVisibilityService,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    const target = status.reblog ?? status;
    await this.dataSource.query(
      `INSERT INTO bookmarks (account_id, status_id) VALUES ($1, $2)
       ON CONFLICT (account_id, status_id) DO NOTHING`,
      [account.id, target.id],
    );
    return status;
  }
}
