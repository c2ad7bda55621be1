import { Injectable } from '@nestjs/common';
import {
  Account,
  isValidId,
  MediaAttachment,
  MediaAttachmentRepository,
  RecordNotFoundError,
  ValidationError,
} from '@nestodon/domain';

/** Mastodon's answer for an upload the worker could not process. */
export const PROCESSING_ERROR = 'Error processing thumbnail for uploaded media';

/** Reads of one's own uploads (GET /api/v1/media/:id and the checks of PUT). */
@Injectable()
export class MediaQueries {
  constructor(private readonly media: MediaAttachmentRepository) {}

  /**
   * One of the account's attachments not on a posted status (404 otherwise, as for anyone
   * else's); a failed upload is a 422 with Mastodon's processing error.
   */
  async findEditable(account: Pick<Account, 'id'>, id: string): Promise<MediaAttachment> {
    const media = isValidId(id) ? await this.media.findOwned(id, account.id) : null;
    if (!media || media.statusId !== null) throw new RecordNotFoundError();
    if (media.processing === 'failed') throw new ValidationError(PROCESSING_ERROR);
    return media;
  }
}
