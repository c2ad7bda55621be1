import { Injectable } from '@nestjs/common';
import { StatusWriteRepository, Tag, Transaction, ValidationError } from '@nestodon/domain';
import { FindOrCreateTagsService } from '../tags/find-or-create-tags.service';

/**
 * The hashtags of a new or edited status, as Mastodon's ProcessHashtagsService: tags found or
 * created by name, tags staff made unusable refused (422), the status linked to exactly these
 * tags, and each tag marked as just used (trends and tag suggestions read last_status_at).
 */
@Injectable()
export class ProcessHashtagsService {
  constructor(
    private readonly tags: FindOrCreateTagsService,
    private readonly writes: StatusWriteRepository,
  ) {}

  async call(statusId: string, hashtags: string[], tx: Transaction): Promise<Tag[]> {
    const tags = await this.tags.call(hashtags, tx);
    const refused = tags.filter((tag) => tag.usable === false);
    if (refused.length > 0) {
      throw new ValidationError(
        `Validation failed: Text contains the following hashtags that are not allowed: ${refused
          .map((tag) => tag.name)
          .join(', ')}`,
      );
    }
    await this.writes.setTags(
      statusId,
      tags.map((tag) => tag.id),
      tx,
    );
    return tags;
  }
}
