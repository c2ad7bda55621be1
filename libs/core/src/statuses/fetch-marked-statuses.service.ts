import { Injectable } from '@nestjs/common';
import { Account, IdPage, Status, StatusRepository } from '@nestodon/domain';
import { StatusQueries } from './status-queries';

export interface MarkedStatusesPage {
  statuses: Status[];
  /** Row ids of favourites/bookmarks (Link headers carry these, as on Mastodon). */
  nextMaxId: string | null;
  prevMinId: string | null;
}

/**
 * GET /api/v1/favourites and /api/v1/bookmarks: the account's favourited or bookmarked
 * statuses, newest mark first, leaving out deleted ones and those it may no longer see.
 */
@Injectable()
export class FetchMarkedStatusesService {
  constructor(
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusQueries,
  ) {}

  async call(
    kind: 'favourites' | 'bookmarks',
    account: Account,
    page: IdPage,
  ): Promise<MarkedStatusesPage> {
    const rows = await this.statuses.markedStatusIds(kind, account.id, page);
    const loaded = await this.visibility.loadInOrder(rows.items.map((row) => row.item));
    return {
      statuses: await this.visibility.filterVisible(loaded, account),
      nextMaxId: rows.full ? (rows.items[rows.items.length - 1]?.cursor ?? null) : null,
      prevMinId: rows.items[0]?.cursor ?? null,
    };
  }
}
