import { Injectable } from '@nestjs/common';
import {
  Account,
  RecordNotFoundError,
  SearchRepository,
  Status,
  StatusRepository,
  StatusSearchCondition,
} from '@nestodon/domain';
import { AccountQueries } from '../accounts/account-queries';
import { StatusQueries } from '../statuses/status-queries';
import { parseSearchQuery, SearchFilter } from './search-query';

export interface StatusSearchOptions {
  limit: number;
  offset: number;
  /** Only statuses of this account (`account_id`). */
  accountId: string | null;
  maxId: string | null;
  minId: string | null;
}

/** An id no account has: `from:` someone unknown finds nothing, as on Mastodon. */
const NOBODY = '-1';

/** Stemming for the words when no `language:` says otherwise. */
const DEFAULT_STEM_LANGUAGE = 'en';

/**
 * Full-text status search with Mastodon 4.2+ operators, over what the viewer may search: their
 * own statuses and those they were mentioned in, favourited, bookmarked, reblogged or voted in,
 * plus public statuses of accounts that opted in (`indexable`); `in:library` keeps the first,
 * `in:public` the second. Results pass the visibility policy before they are shown.
 */
@Injectable()
export class SearchStatusesService {
  constructor(
    private readonly search: SearchRepository,
    private readonly accounts: AccountQueries,
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusQueries,
  ) {}

  async call(viewer: Account, query: string, options: StatusSearchOptions): Promise<Status[]> {
    const parsed = parseSearchQuery(query);
    if (parsed.terms.length === 0 && parsed.filters.length === 0) return [];
    const conditions = await Promise.all(
      parsed.filters.map((filter) => this.condition(viewer, filter)),
    );
    const language = parsed.filters.find((f) => f.kind === 'language' && !f.negated);
    const ids = await this.search.statusIds({
      viewerId: viewer.id,
      terms: parsed.terms,
      conditions,
      scope: parsed.scope,
      stemLanguage: language?.kind === 'language' ? language.language : DEFAULT_STEM_LANGUAGE,
      ...options,
    });
    // findPage keeps the order of `ids` (one prepared query, as timelines load their pages).
    return this.visibility.filterForList(await this.statuses.findPage(ids), viewer);
  }

  private async condition(viewer: Account, filter: SearchFilter): Promise<StatusSearchCondition> {
    if (filter.kind !== 'from') return filter;
    const accountId =
      filter.account.toLowerCase() === 'me'
        ? viewer.id
        : await this.accounts.byAcct(filter.account).then(
            (account) => account.id,
            (error: unknown) => {
              if (error instanceof RecordNotFoundError) return NOBODY;
              throw error;
            },
          );
    return { kind: 'account', accountId, negated: filter.negated };
  }
}
