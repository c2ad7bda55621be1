import { Injectable } from '@nestjs/common';
import { IdPage, NotPermittedError, QuoteRepository, Status } from '@nestodon/domain';
import { StatusQueries, Viewer } from '../statuses/status-queries';

export interface QuotesPage {
  statuses: Status[];
  nextMaxId: string | null;
  prevMinId: string | null;
}

/**
 * GET /api/v1/statuses/:id/quotes: the statuses whose quote of a status the viewer wrote was
 * accepted, newest quote first (paged by quote id). Only the quoted author lists them (403 for
 * others who may see the status, 404 for those who may not); quoting statuses the author may
 * not see, or from accounts they block or mute, are left out. A read-only query service.
 */
@Injectable()
export class QuoteQueries {
  constructor(
    private readonly quotes: QuoteRepository,
    private readonly visibility: StatusQueries,
  ) {}

  async quotesOf(statusId: string, viewer: NonNullable<Viewer>, page: IdPage): Promise<QuotesPage> {
    const { status } = await this.visibility.findVisible(statusId, viewer);
    if (status.accountId !== viewer.id || status.reblogOfId) throw new NotPermittedError();
    const rows = await this.quotes.acceptedQuotingStatusIds(status.id, page);
    const loaded = await this.visibility.loadInOrder(rows.items.map((row) => row.item));
    return {
      statuses: await this.visibility.filterForList(loaded, viewer),
      nextMaxId: rows.full ? (rows.items[rows.items.length - 1]?.cursor ?? null) : null,
      prevMinId: rows.items[0]?.cursor ?? null,
    };
  }
}
