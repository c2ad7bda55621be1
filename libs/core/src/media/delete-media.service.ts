import { Injectable } from '@nestjs/common';
import {
  Account,
  isValidId,
  MediaAttachmentRepository,
  RecordNotFoundError,
  ValidationError,
} from '@nestodon/domain';
import { MediaFiles } from './media-files';

export const MEDIA_IN_USE = 'Media attachment is currently used by a status';

/**
 * DELETE /api/v1/media/:id: removes one of the account's uploads with its files, unless a
 * status (posted or scheduled) uses it (422).
 */
@Injectable()
export class DeleteMediaService {
  constructor(
    private readonly media: MediaAttachmentRepository,
    private readonly files: MediaFiles,
  ) {}

  async call(account: Pick<Account, 'id'>, id: string): Promise<void> {
    const media = isValidId(id) ? await this.media.findOwned(id, account.id) : null;
    if (!media) throw new RecordNotFoundError();
    const removed = await this.media.deleteUnattached(media.id, account.id);
    if (!removed) throw new ValidationError(MEDIA_IN_USE);
    await this.files.removeAll([removed]);
  }
}
