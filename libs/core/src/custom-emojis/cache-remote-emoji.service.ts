import { Injectable, Logger } from '@nestjs/common';
import { CustomEmojiRepository } from '@nestodon/domain';
import { SafeHttpClient } from '@nestodon/platform';
import { DomainModerationQueries } from '../domain-moderation/domain-moderation-queries';
import { CUSTOM_EMOJI_SIZE_LIMIT, CustomEmojiImages } from './custom-emoji-images';

/**
 * The worker's copy of a remote server's custom emoji image (JobName.CacheRemoteEmoji), as
 * Mastodon downloads them: fetched through the safe client, checked as imported emojis are
 * (PNG, GIF or WebP, at most 256 KB) and stored with its static PNG; the copy it replaces (the
 * image changed) is removed. Nothing is fetched from a server whose media are rejected here;
 * whatever fails leaves the remote URL served. True when a copy was stored.
 */
@Injectable()
export class CacheRemoteEmojiService {
  private readonly logger = new Logger(CacheRemoteEmojiService.name);

  constructor(
    private readonly emojis: CustomEmojiRepository,
    private readonly images: CustomEmojiImages,
    private readonly domainModeration: DomainModerationQueries,
    private readonly client: SafeHttpClient,
  ) {}

  async call(customEmojiId: string): Promise<boolean> {
    const [emoji] = await this.emojis.findByIds([customEmojiId]);
    const url = emoji?.imageRemoteUrl;
    if (!emoji?.domain || !url) return false;
    if ((await this.domainModeration.verdictFor(emoji.domain)).rejectMedia) return false;
    let stored: { id: string; imageFileName: string } | null = null;
    try {
      const response = await this.client.fetch(url, { maxBytes: CUSTOM_EMOJI_SIZE_LIMIT });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const image = await this.images.check(Buffer.from(await response.arrayBuffer()));
      stored = { id: emoji.id, imageFileName: this.images.fileName(image) };
      await this.images.store(stored, image);
      const replaced = await this.emojis.cacheRemoteImage(emoji.id, url, {
        fileName: stored.imageFileName,
        contentType: image.contentType,
      });
      if (replaced === undefined) {
        // Its image changed (or it went) meanwhile: nothing names this copy.
        await this.images.delete([stored]);
        return false;
      }
      if (replaced) await this.images.delete([{ id: emoji.id, imageFileName: replaced }]);
      return true;
    } catch (error) {
      this.logger.warn(
        `Emoji ${emoji.shortcode}@${emoji.domain} not cached: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (stored) await this.images.delete([stored]);
      return false;
    }
  }
}
