import { Injectable } from '@nestjs/common';
import { Account, IdPage, Status, StatusRepository, User } from '@nestodon/domain';
import { showInList } from '@nestodon/policies';
import { FilterContext } from '@nestodon/serializers';
import { LoadedFilter, StatusFilterQueries } from '../filters/status-filter-queries';
import { statusFacts, StatusQueries } from '../statuses/status-queries';

/** A page of a timeline: what to render, and the cursors read before anything was left out. */
export interface TimelinePage {
  statuses: Status[];
  newestId: string | null;
  oldestId: string | null;
  /** The page came back full: link to older statuses. */
  full: boolean;
}

/** Who reads: a user (account and chosen languages) or nobody. */
export type TimelineViewer =
  (Pick<Account, 'id'> & { user?: Pick<User, 'chosenLanguages'> }) | null;

export const emptyTimelinePage = (): TimelinePage => ({
  statuses: [],
  newestId: null,
  oldestId: null,
  full: false,
});

/**
 * Turns the ids of a timeline page into what the viewer gets: statuses loaded in order (one
 * prepared query), kept when the visibility policy shows them in lists (blocks, mutes, domain
 * blocks) and the viewer's `hide` filters do not remove them, in a constant number of queries.
 */
@Injectable()
export class TimelinePageLoader {
  constructor(
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusQueries,
    private readonly filters: StatusFilterQueries,
  ) {}

  async load(
    ids: string[],
    viewer: TimelineViewer,
    page: IdPage,
    context: FilterContext,
    /** The viewer's filters, when already on their way. */
    rules?: Promise<LoadedFilter[]>,
  ): Promise<TimelinePage> {
    return {
      statuses: await this.presentable(ids, viewer, context, rules),
      newestId: ids[0] ?? null,
      oldestId: ids.at(-1) ?? null,
      full: ids.length >= page.limit,
    };
  }

  private async presentable(
    ids: string[],
    viewer: TimelineViewer,
    context: FilterContext,
    rules?: Promise<LoadedFilter[]>,
  ): Promise<Status[]> {
    if (ids.length === 0) {
      await rules?.catch(() => undefined);
      return [];
    }
    // The viewer's filters come from Redis while the statuses load.
    const [loaded, filters] = await Promise.all([
      this.statuses.findPage(ids),
      viewer ? (rules ?? this.filters.activeFor(viewer.id)) : undefined,
    ]);
    const relations = await this.visibility.relationsFor(viewer, loaded);
    const visible = loaded.filter((status) => showInList(statusFacts(status), relations));
    if (!viewer) return visible;
    return (await this.filters.apply(viewer.id, visible, context, filters)).kept;
  }
}
