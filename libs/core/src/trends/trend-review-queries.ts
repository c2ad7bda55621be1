import { Injectable } from '@nestjs/common';
import {
  IdPage,
  PreviewCard,
  PreviewCardProvider,
  RecordNotFoundError,
  Status,
  StatusRepository,
  Tag,
  TrendReviewRepository,
} from '@nestodon/domain';

/** What staff read while reviewing trends and tags (the admin API). */
@Injectable()
export class TrendReviewQueries {
  constructor(
    private readonly review: TrendReviewRepository,
    private readonly statuses: StatusRepository,
  ) {}

  tagPage(page: IdPage): Promise<Tag[]> {
    return this.review.tagPage(page);
  }

  async tag(id: string): Promise<Tag> {
    const tag = /^\d{1,19}$/.test(id) ? await this.review.tag(id) : null;
    if (!tag) throw new RecordNotFoundError();
    return tag;
  }

  /** A status under review, whoever may see it (deleted ones are gone). */
  async status(id: string): Promise<Status> {
    const [status] = /^\d{1,19}$/.test(id) ? await this.statuses.findPage([id]) : [];
    if (!status || status.deletedAt) throw new RecordNotFoundError();
    return status;
  }

  providerPage(page: IdPage): Promise<PreviewCardProvider[]> {
    return this.review.providerPage(page);
  }

  /**
   * The links that still need a decision (Mastodon's requires_review?): neither the link nor
   * its publisher was reviewed.
   */
  async linksRequiringReview(cards: PreviewCard[]): Promise<Set<string>> {
    const reviewed = await this.review.providerReviewed(cards.map((card) => card.id));
    return new Set(
      cards
        .filter((card) => card.trendable === null && !reviewed.get(String(card.id)))
        .map((card) => String(card.id)),
    );
  }

  /** The statuses nobody reviewed yet, of those given. */
  async statusesRequiringReview(ids: string[]): Promise<Set<string>> {
    const states = await this.review.statusReviewStates(ids);
    return new Set(ids.filter((id) => states.get(id) === null));
  }
}
