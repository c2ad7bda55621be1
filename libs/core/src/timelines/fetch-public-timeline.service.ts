import { Injectable } from '@nestjs/common';
import { IdPage, PublicTimelineFilter, TimelineReader, TimelineRepository } from '@nestodon/domain';
import { TimelinePage, TimelinePageLoader, TimelineViewer } from './timeline-page-loader';

export interface PublicTimelineOptions {
  local?: boolean;
  remote?: boolean;
  onlyMedia?: boolean;
}

/** The repository's filter for the `local`, `remote` and `only_media` parameters. */
export function publicTimelineFilter(options: PublicTimelineOptions): PublicTimelineFilter {
  const local =
    options.local && !options.remote ? true : options.remote && !options.local ? false : null;
  return { local, onlyMedia: options.onlyMedia ?? false };
}

/** The reader's blocks, mutes, domain blocks and languages, for the repository. */
export function timelineReader(viewer: TimelineViewer): TimelineReader | null {
  return viewer ? { id: viewer.id, languages: viewer.user?.chosenLanguages ?? null } : null;
}

/**
 * GET /api/v1/timelines/public: public originals (and self-replies) from PostgreSQL, all or
 * local or remote ones, optionally with media only.
 */
@Injectable()
export class FetchPublicTimelineService {
  constructor(
    private readonly timelines: TimelineRepository,
    private readonly pages: TimelinePageLoader,
  ) {}

  async call(
    viewer: TimelineViewer,
    options: PublicTimelineOptions,
    page: IdPage,
  ): Promise<TimelinePage> {
    const ids = await this.timelines.publicStatusIds(
      publicTimelineFilter(options),
      timelineReader(viewer),
      page,
    );
    return this.pages.load(ids, viewer, page, 'public');
  }
}
