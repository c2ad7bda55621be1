import { Injectable } from '@nestjs/common';
import {
  isValidId,
  LiveStatusFacts,
  RecordNotFoundError,
  Status,
  StatusRepository,
} from '@nestodon/domain';
import {
  anonymousRelations,
  canViewStatus,
  showInList,
  statusFacts,
  ViewerRelations,
} from '@nestodon/policies';
import { StatusFilterQueries } from '../filters/status-filter-queries';
import { StatusQueries, Viewer } from './status-queries';

/** Mastodon's cap for threads; high enough to read as unlimited. */
export const CONTEXT_LIMIT = 4096;

export interface StatusContext {
  status: Status;
  ancestors: Status[];
  descendants: Status[];
  /** For a viewer: the statuses' counters and marks, read with them (see StatusPresenter). */
  live?: LiveStatusFacts;
}

/**
 * GET /api/v1/statuses/:id/context: the statuses above (oldest first) and below (depth first,
 * the authors' replies to themselves brought to the top), each filtered for the viewer:
 * hidden statuses and those of muted or domain-blocked accounts are left out.
 */
@Injectable()
export class FetchStatusContextService {
  constructor(
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusQueries,
    private readonly filters: StatusFilterQueries,
  ) {}

  async call(statusId: string, viewer: Viewer): Promise<StatusContext> {
    if (!isValidId(statusId)) throw new RecordNotFoundError();
    const thread = await this.statuses.threadIds(statusId, CONTEXT_LIMIT);
    const ids = [statusId, ...thread.ancestors, ...thread.descendants];
    // The status and its thread with the viewer's relations to them and their live facts, in
    // one query (two without a viewer).
    let all: Status[];
    let relations: ViewerRelations;
    let live: LiveStatusFacts | undefined;
    if (viewer) {
      const viewed = await this.statuses.findPageViewedBy(ids, viewer.id);
      ({ statuses: all, live } = viewed);
      relations = { viewerId: viewer.id, ...viewed.relations };
    } else {
      all = await this.visibility.loadInOrder(ids);
      relations = anonymousRelations();
    }
    const [status, ...loaded] = all;
    if (status?.id !== statusId) throw new RecordNotFoundError();
    if (!canViewStatus(statusFacts(status), relations)) throw new RecordNotFoundError();
    let listed = loaded.filter((item) => showInList(statusFacts(item), relations));
    // The viewer's `hide` filters (thread context) take statuses out.
    if (viewer) listed = (await this.filters.apply(viewer.id, listed, 'thread')).kept;
    const shown = new Set(listed.map((item) => item.id));
    const byId = new Map(loaded.map((item) => [item.id, item]));
    const pick = (ids: string[]) =>
      ids.flatMap((id) => (shown.has(id) && byId.has(id) ? [byId.get(id)!] : []));
    const descendants = pick(thread.descendants);
    return {
      status,
      ancestors: pick(thread.ancestors),
      descendants: promote(descendants, (item) => item.inReplyToAccountId === item.accountId),
      live,
    };
  }
}

/** Moves the items matching `predicate` before the first one that does not, keeping order. */
export function promote<T>(items: T[], predicate: (item: T) => boolean): T[] {
  const firstOther = items.findIndex((item) => !predicate(item));
  if (firstOther < 0) return items;
  const head = items.slice(0, firstOther);
  const rest = items.slice(firstOther);
  return [...head, ...rest.filter(predicate), ...rest.filter((item) => !predicate(item))];
}
