import { Injectable } from '@nestjs/common';
import {
  PreviewCard,
  PreviewCardProvider,
  RecordNotFoundError,
  Tag,
  TrendReviewRepository,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';

export type ReviewTarget = 'tag' | 'link' | 'publisher' | 'status';

interface Reviewed {
  tag: Tag;
  link: PreviewCard;
  publisher: PreviewCardProvider;
  status: { id: string };
}

/**
 * Staff allow (approve) or reject something that trends: a tag, a link, a link's publisher or
 * a status. The trends are recomputed by the worker afterwards, so what readers see follows.
 */
@Injectable()
export class ReviewTrendService {
  constructor(
    private readonly review: TrendReviewRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call<T extends ReviewTarget>(
    target: T,
    id: string,
    trendable: boolean,
  ): Promise<Reviewed[T]> {
    const reviewed = /^\d{1,19}$/.test(id) ? await this.apply(target, id, trendable) : null;
    if (!reviewed) throw new RecordNotFoundError();
    await this.jobs.enqueue(JobName.RefreshTrends, {});
    return reviewed as Reviewed[T];
  }

  private async apply(target: ReviewTarget, id: string, trendable: boolean) {
    switch (target) {
      case 'tag':
        return this.review.updateTag(id, { trendable });
      case 'link':
        return this.review.reviewCard(id, trendable);
      case 'publisher':
        return this.review.reviewProvider(id, trendable);
      case 'status':
        return (await this.review.reviewStatus(id, trendable)) ? { id } : null;
    }
  }
}
