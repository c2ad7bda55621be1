import { Injectable } from '@nestjs/common';
import { Account, IdPage, LiveStatusFacts, Status, StatusRepository, User } from '@nestodon/domain';
import { anonymousRelations, showInList, ViewerRelations } from '@nestodon/policies';
import { FilterContext } from '@nestodon/serializers';
import { LoadedFilter, StatusFilterQueries } from '../filters/status-filter-queries';
import { statusFacts } from '../statuses/status-queries';

/** A page of a timeline: what to render, and the cursors read before anything was left out. */
export interface TimelinePage {
  statuses: Status[];
  newestId: string | null;
  oldestId: string | null;
  /** The page came back full: link to older statuses. */
  full: boolean;
  /**
   * For a viewer: the counters and marks of the statuses, read with them (StatusPresenter
   * renders cached statuses with these, without a query of its own).
   */
  live?: LiveStatusFacts;
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
 * Turns the ids of a timeline page into what the viewer gets: statuses loaded in order with the
 * viewer's relations to them (one prepared query), kept when the visibility policy shows them in lists (blocks, mutes, domain
 * blocks) and the viewer's `hide` filters do not remove them, in a constant number of queries.
 */
@Injectable()
export class TimelinePageLoader {
  constructor(
    private readonly statuses: StatusRepository,
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
    const { statuses, live } = await this.presentable(ids, viewer, context, rules);
    return {
      statuses,
      newestId: ids[0] ?? null,
      oldestId: ids.at(-1) ?? null,
      full: ids.length >= page.limit,
      live,
    };
  }

  private async presentable(
    ids: string[],
    viewer: TimelineViewer,
    context: FilterContext,
    rules?: Promise<LoadedFilter[]>,
  ): Promise<{ statuses: Status[]; live?: LiveStatusFacts }> {
    if (ids.length === 0) {
      await rules?.catch(() => undefined);
      return { statuses: [] };
    }
    if (!viewer) {
      const loaded = await this.statuses.findPage(ids);
      return {
        statuses: loaded.filter((status) => showInList(statusFacts(status), anonymousRelations())),
      };
    }
    // The statuses with the viewer's relations to them and their live facts in one query,
    // and the viewer's filters from Redis meanwhile.
    const [{ statuses: loaded, relations: sets, live }, filters] = await Promise.all([
      this.statuses.findPageViewedBy(ids, viewer.id),
      rules ?? this.filters.activeFor(viewer.id),
    ]);
    const relations: ViewerRelations = { viewerId: viewer.id, ...sets };
    const visible = loaded.filter((status) => showInList(statusFacts(status), relations));
    return {
      statuses: (await this.filters.apply(viewer.id, visible, context, filters)).kept,
      live,
    };
  }
}
