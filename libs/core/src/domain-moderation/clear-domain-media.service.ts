import { Injectable } from '@nestjs/common';
import { CustomEmojiRepository, MediaAttachmentRepository } from '@nestodon/domain';
import { CustomEmojiImages } from '../custom-emojis/custom-emoji-images';
import { MediaFiles } from '../media/media-files';

/** Attachments turned into links per round. */
const BATCH = 100;

/**
 * A server's media are rejected now (a block with reject_media, or a suspension): as
 * Mastodon's BlockDomainService clears them, its accounts' attachments become links (their
 * local copies deleted) and its custom emojis go, files included. JobName.ClearDomainMedia.
 */
@Injectable()
export class ClearDomainMediaService {
  constructor(
    private readonly media: MediaAttachmentRepository,
    private readonly files: MediaFiles,
    private readonly emojis: CustomEmojiRepository,
    private readonly emojiImages: CustomEmojiImages,
  ) {}

  async call(domain: string): Promise<{ attachments: number; emojis: number }> {
    let attachments = 0;
    for (;;) {
      const rows = await this.media.clearOfDomain(domain, BATCH);
      await this.files.removeAll(rows);
      attachments += rows.length;
      if (rows.length < BATCH) break;
    }
    const emojis = await this.emojis.deleteOfDomain(domain);
    await this.emojiImages.delete(emojis);
    return { attachments, emojis: emojis.length };
  }
}
