import { Inject, Injectable, Optional } from '@nestjs/common';
import {
  Account,
  isValidTagName,
  normalizeTagName,
  SearchRepository,
  Status,
  Tag,
} from '@nestodon/domain';
import { unsavedTag } from '../tags/tag-queries';
import { SearchAccountsService } from './search-accounts.service';
import { SearchStatusesService } from './search-statuses.service';

export type SearchType = 'accounts' | 'hashtags' | 'statuses';

export interface SearchOptions {
  type: SearchType | null;
  /** Look the query up through federation when it is a URL or `@user@domain`. */
  resolve: boolean;
  following: boolean;
  accountId: string | null;
  excludeUnreviewed: boolean;
  maxId: string | null;
  minId: string | null;
  offset: number;
  limit: number;
}

export interface SearchResults {
  accounts: Account[];
  statuses: Status[];
  hashtags: Tag[];
}

/**
 * Where `resolve=true` looks a URL or handle up over federation; provided by the federation
 * code. Without one, search stays local (as a server that cannot reach others would).
 */
export interface RemoteSearchResolver {
  resolve(viewer: Account, query: string): Promise<Pick<SearchResults, 'accounts' | 'statuses'>>;
}
export const REMOTE_SEARCH_RESOLVER = Symbol('REMOTE_SEARCH_RESOLVER');

/**
 * GET /api/v2/search: accounts, hashtags and (for a signed-in viewer) statuses, as Mastodon's
 * SearchService decides which kinds a query can match: `#tag` is not an account or a status
 * search, `user@domain` not a status or hashtag search.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly search: SearchRepository,
    private readonly accounts: SearchAccountsService,
    private readonly statuses: SearchStatusesService,
    @Optional()
    @Inject(REMOTE_SEARCH_RESOLVER)
    private readonly resolver?: RemoteSearchResolver,
  ) {}

  async call(
    viewer: Account | null,
    query: string,
    options: SearchOptions,
  ): Promise<SearchResults> {
    const q = query.trim();
    const wants = (type: SearchType) => options.type === null || options.type === type;
    const hashtag = q.startsWith('#');
    const handle = q.includes('@') && !q.includes(' ');
    const [remote, accounts, statuses, hashtags] = await Promise.all([
      viewer && options.resolve && this.resolver && options.offset === 0
        ? this.resolver.resolve(viewer, q)
        : { accounts: [], statuses: [] },
      wants('accounts') && !hashtag && !(q.includes('@') && q.includes(' '))
        ? this.accounts.call(viewer, q, options)
        : [],
      viewer && wants('statuses') && !hashtag && !handle
        ? this.statuses.call(viewer, q, options)
        : [],
      wants('hashtags') && !q.includes('@') ? this.hashtags(q, options) : [],
    ]);
    const merge = <T extends { id: string }>(first: T[], rest: T[]) => {
      const seen = new Set(first.map((row) => row.id));
      return [...first, ...rest.filter((row) => !seen.has(row.id))].slice(0, options.limit);
    };
    return {
      accounts: wants('accounts') ? merge(remote.accounts, accounts) : [],
      statuses: wants('statuses') ? merge(remote.statuses, statuses) : [],
      hashtags,
    };
  }

  /** Hashtags by prefix; on the first page an exact, valid name leads even if never used. */
  private async hashtags(query: string, options: SearchOptions): Promise<Tag[]> {
    const name = query.replace(/^#/, '');
    const prefix = normalizeTagName(name);
    if (prefix === '') return [];
    const found = await this.search.tags({
      prefix,
      reviewedOnly: options.excludeUnreviewed,
      offset: options.offset,
      limit: options.limit,
    });
    if (options.offset > 0 || !isValidTagName(name) || found.some((tag) => tag.name === prefix)) {
      return found;
    }
    return [unsavedTag(name), ...found].slice(0, options.limit);
  }
}
