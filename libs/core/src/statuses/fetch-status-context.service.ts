import { Injectable } from '@nestjs/common';
import { Status, StatusRepository } from '@nestodon/domain';
import { StatusFilterQueries } from '../filters/status-filter-queries';
import { StatusQueries, Viewer } from './status-queries';

/** Mastodon's cap for threads; high enough to read as unlimited. */
export const CONTEXT_LIMIT = 4096;

export interface StatusContext {
  status: Status;
  ancestors: Status[];
  descendants: Status[];
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
    const { status } = await this.visibility.findVisible(statusId, viewer);
    const [ancestorIds, descendantIds] = await Promise.all([
      status.inReplyToId ? this.statuses.ancestorIds(status.inReplyToId, CONTEXT_LIMIT) : [],
      this.statuses.descendantIds(status.id, CONTEXT_LIMIT),
    ]);
    const loaded = await this.visibility.loadInOrder([...ancestorIds, ...descendantIds]);
    let listed = await this.visibility.filterForList(loaded, viewer);
    // The viewer's `hide` filters (thread context) take statuses out.
    if (viewer) listed = (await this.filters.apply(viewer.id, listed, 'thread')).kept;
    const shown = new Set(listed.map((item) => item.id));
    const byId = new Map(loaded.map((item) => [item.id, item]));
    const pick = (ids: string[]) =>
      ids.flatMap((id) => (shown.has(id) && byId.has(id) ? [byId.get(id)!] : []));
    const descendants = pick(descendantIds);
    return {
      status,
      ancestors: pick(ancestorIds),
      descendants: promote(descendants, (item) => item.inReplyToAccountId === item.accountId),
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
