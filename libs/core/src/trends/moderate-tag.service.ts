import { Injectable } from '@nestjs/common';
import {
  normalizeTagName,
  RecordNotFoundError,
  Tag,
  TagReviewChanges,
  TrendReviewRepository,
  ValidationError,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';

/**
 * Staff change a tag (PUT /api/v1/admin/tags/:id): whether it may trend, be used and be listed,
 * and how its name is shown, which may only change letter case and accents (the same tag).
 * The tag counts as reviewed; the trends are recomputed by the worker.
 */
@Injectable()
export class ModerateTagService {
  constructor(
    private readonly review: TrendReviewRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call(id: string, changes: TagReviewChanges): Promise<Tag> {
    const tag = /^\d{1,19}$/.test(id) ? await this.review.tag(id) : null;
    if (!tag) throw new RecordNotFoundError();
    if (
      changes.displayName !== undefined &&
      changes.displayName !== null &&
      normalizeTagName(changes.displayName) !== tag.name
    ) {
      throw new ValidationError('Validation failed: Display name does not match previous name', {
        display_name: [{ error: 'ERR_INVALID', description: 'does not match previous name' }],
      });
    }
    const updated = await this.review.updateTag(id, changes);
    if (!updated) throw new RecordNotFoundError();
    await this.jobs.enqueue(JobName.RefreshTrends, {});
    return updated;
  }
}
