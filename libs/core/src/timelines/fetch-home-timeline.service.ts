import { Injectable, Logger } from '@nestjs/common';
import { Account, IdPage } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { FeedManager } from '../feeds/feed-manager';
import { filtersCacheKey, StatusFilterQueries } from '../filters/status-filter-queries';
import { TimelinePage, TimelinePageLoader } from './timeline-page-loader';

export interface HomePage extends TimelinePage {
  /** The feed is being rebuilt: answer 206. */
  regenerating: boolean;
}

/**
 * GET /api/v1/timelines/home: the home feed from the feed store. A missing feed is rebuilt in the
 * worker while the timeline answers 206.
 */
@Injectable()
export class FetchHomeTimelineService {
  private readonly logger = new Logger(FetchHomeTimelineService.name);

  constructor(
    private readonly feeds: FeedManager,
    private readonly pages: TimelinePageLoader,
    private readonly filters: StatusFilterQueries,
    private readonly jobs: JobQueue,
  ) {}

  async call(viewer: Pick<Account, 'id'>, page: IdPage): Promise<HomePage> {
    // The feed page and (on Redis) the viewer's cached filters in one round trip.
    const { ids, ready, values } = await this.feeds.readHome(viewer.id, page, [
      filtersCacheKey(viewer.id),
    ]);
    const regenerating = ready ? false : await this.regenerate(viewer.id);
    const rules = this.filters.activeFor(viewer.id, values[0]);
    return { ...(await this.pages.load(ids, viewer, page, 'home', rules)), regenerating };
  }

  /** Starts rebuilding a missing home feed (unless a rebuild runs); true: answer 206. */
  private async regenerate(accountId: string): Promise<boolean> {
    if (await this.feeds.beginRegeneration(accountId)) {
      try {
        await this.jobs.enqueue(JobName.RegenerateHomeFeed, { accountId });
      } catch (error) {
        await this.feeds.endRegeneration(accountId);
        this.logger.warn(`home feed of ${accountId} not regenerated: ${String(error)}`);
      }
    }
    return true;
  }
}
