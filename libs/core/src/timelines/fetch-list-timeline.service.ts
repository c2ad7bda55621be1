import { Injectable } from '@nestjs/common';
import { Account, IdPage, List } from '@nestodon/domain';
import { FeedManager } from '../feeds/feed-manager';
import { TimelinePage, TimelinePageLoader } from './timeline-page-loader';

/** GET /api/v1/timelines/list/:id: a list feed from Redis, under the home filters. */
@Injectable()
export class FetchListTimelineService {
  constructor(
    private readonly feeds: FeedManager,
    private readonly pages: TimelinePageLoader,
  ) {}

  async call(viewer: Pick<Account, 'id'>, list: List, page: IdPage): Promise<TimelinePage> {
    const ids = await this.feeds.read('list', String(list.id), page);
    return this.pages.load(ids, viewer, page, 'home');
  }
}
