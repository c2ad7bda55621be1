import { Injectable } from '@nestjs/common';
import { IdPage, RecordNotFoundError, TimelineRepository } from '@nestodon/domain';
import { TrendsQueries } from '../trends/trends-queries';
import { timelineReader } from './fetch-public-timeline.service';
import { TimelinePage, TimelinePageLoader, TimelineViewer } from './timeline-page-loader';

/**
 * GET /api/v1/timelines/link?url= (Mastodon 4.3+): public posts sharing a link, newest first,
 * only for a link that is trending (and allowed, when review is required); 404 otherwise.
 */
@Injectable()
export class FetchLinkTimelineService {
  constructor(
    private readonly trends: TrendsQueries,
    private readonly timelines: TimelineRepository,
    private readonly pages: TimelinePageLoader,
  ) {}

  async call(viewer: TimelineViewer, url: string, page: IdPage): Promise<TimelinePage> {
    const card = await this.trends.trendingLink(url);
    if (!card) throw new RecordNotFoundError();
    const ids = await this.timelines.linkStatusIds(card.id, timelineReader(viewer), page);
    return this.pages.load(ids, viewer, page, 'public');
  }
}
