import { Injectable } from '@nestjs/common';
import {
  AccountRepository,
  AccountStatusesFilter,
  CursorPage,
  isValidId,
  normalizeTagName,
  IdPage,
  RecordNotFoundError,
  Status,
  StatusRepository,
  UserRepository,
} from '@nestodon/domain';
import { authorStatusesScope, isAccountHidden, showOnProfile } from '@nestodon/policies';
import { StatusFilterQueries } from '../filters/status-filter-queries';
import { statusFacts, StatusQueries, Viewer } from './status-queries';

export interface AccountStatusesPage {
  statuses: Status[];
  /** Cursors of the unfiltered page, for Link headers. */
  nextMaxId: string | null;
  prevMinId: string | null;
}

/**
 * GET /api/v1/accounts/:id/statuses: an author's statuses as the viewer may see them, with
 * Mastodon's filters (only_media, exclude_replies, exclude_reblogs, pinned, tagged). Unknown
 * accounts are 404; suspended authors and authors blocking the viewer (or blocked by the
 * viewer) show nothing.
 */
@Injectable()
export class FetchAccountStatusesService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly users: UserRepository,
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusQueries,
    private readonly filters: StatusFilterQueries,
  ) {}

  async call(
    accountId: string,
    viewer: Viewer,
    filter: AccountStatusesFilter,
    page: IdPage,
  ): Promise<AccountStatusesPage> {
    if (!isValidId(accountId)) throw new RecordNotFoundError();
    const author = await this.accounts.findById(accountId);
    if (!author) throw new RecordNotFoundError();
    if (author.domain === null) {
      const user = await this.users.findByAccountId(accountId);
      if (isAccountHidden(author, user)) throw new RecordNotFoundError();
    }
    const empty: AccountStatusesPage = { statuses: [], nextMaxId: null, prevMinId: null };
    const relations = await this.visibility.relationsFor(viewer, [], [author.id]);
    const scope = authorStatusesScope(author, relations);
    if (!scope) return empty;
    const tagged = filter.tagged ? normalizeTagName(filter.tagged) : undefined;
    if (filter.tagged !== undefined && !tagged) return empty;
    const ids: CursorPage<string> = await this.statuses.accountStatusIds(
      author.id,
      {
        visibilities: scope.visibilities,
        mentionedViewerId: scope.mentioned ? (viewer?.id ?? null) : null,
      },
      { ...filter, tagged },
      page,
    );
    const loaded = await this.visibility.loadInOrder(ids.items.map((item) => item.item));
    const pageRelations = await this.visibility.relationsFor(viewer, loaded, [author.id]);
    let shown = loaded.filter((status) => showOnProfile(statusFacts(status), pageRelations));
    // The viewer's `hide` filters (account context) take statuses out.
    if (viewer) shown = (await this.filters.apply(viewer.id, shown, 'account')).kept;
    return {
      statuses: shown,
      nextMaxId: ids.full ? (ids.items[ids.items.length - 1]?.cursor ?? null) : null,
      prevMinId: ids.items[0]?.cursor ?? null,
    };
  }
}
