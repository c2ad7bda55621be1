import { Injectable } from '@nestjs/common';
import { IdPage, normalizeTagName, TimelineRepository } from '@nestodon/domain';
import {
  PublicTimelineOptions,
  publicTimelineFilter,
  timelineReader,
} from './fetch-public-timeline.service';
import {
  emptyTimelinePage,
  TimelinePage,
  TimelinePageLoader,
  TimelineViewer,
} from './timeline-page-loader';

export interface TagTimelineOptions extends PublicTimelineOptions {
  any?: string[];
  all?: string[];
  none?: string[];
}

/** How many tag ids a process keeps (FetchTagTimelineService.tagIds). */
const KNOWN_TAGS_KEPT = 10_000;

/** Most extra tags `any[]`, `all[]` and `none[]` may name together. */
export const MAX_TAG_TIMELINE_TAGS = 8;

/**
 * GET /api/v1/timelines/tag/:hashtag: public originals with the tag (or any of `any[]`), every
 * tag of `all[]` and none of `none[]`, from PostgreSQL. An unknown tag is an empty timeline.
 */
@Injectable()
export class FetchTagTimelineService {
  /**
   * Tag ids by normalised name, kept in the process: a tag keeps its name and id for good (no
   * path deletes tags), so only names not seen yet are looked up. Unknown names are not kept.
   */
  private readonly tagIds = new Map<string, string>();

  constructor(
    private readonly timelines: TimelineRepository,
    private readonly pages: TimelinePageLoader,
  ) {}

  async call(
    viewer: TimelineViewer,
    name: string,
    options: TagTimelineOptions,
    page: IdPage,
  ): Promise<TimelinePage> {
    const any = [name, ...(options.any ?? [])].map(normalizeTagName).filter(Boolean);
    const all = (options.all ?? []).map(normalizeTagName).filter(Boolean);
    const none = (options.none ?? []).map(normalizeTagName).filter(Boolean);
    const idOf = await this.idsOf([...any, ...all, ...none]);
    const known = (tags: string[]) =>
      tags.flatMap((tag) => (idOf.has(tag) ? [idOf.get(tag)!] : []));
    const anyTagIds = known(any);
    if (!idOf.has(normalizeTagName(name)) || anyTagIds.length === 0) return emptyTimelinePage();
    if (all.some((tag) => !idOf.has(tag))) return emptyTimelinePage();
    const ids = await this.timelines.tagStatusIds(
      { anyTagIds, allTagIds: known(all), noneTagIds: known(none) },
      publicTimelineFilter(options),
      timelineReader(viewer),
      page,
    );
    return this.pages.load(ids, viewer, page, 'public');
  }

  private async idsOf(names: string[]): Promise<Map<string, string>> {
    if (this.tagIds.size >= KNOWN_TAGS_KEPT) this.tagIds.clear();
    const unseen = names.filter((name) => !this.tagIds.has(name));
    if (unseen.length > 0) {
      for (const [name, id] of await this.timelines.tagIdsByName(unseen)) this.tagIds.set(name, id);
    }
    return this.tagIds;
  }
}
