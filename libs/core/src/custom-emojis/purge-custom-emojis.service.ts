import { Injectable } from '@nestjs/common';
import { CustomEmojiRepository } from '@nestodon/domain';
import { CustomEmojiImages } from './custom-emoji-images';

const BATCH = 100;

/** `emoji purge`: removes every custom emoji (or only other servers'), with their files. */
@Injectable()
export class PurgeCustomEmojisService {
  constructor(
    private readonly emojis: CustomEmojiRepository,
    private readonly images: CustomEmojiImages,
  ) {}

  async call(options: { remoteOnly?: boolean }): Promise<number> {
    let removed = 0;
    for (;;) {
      // Always the first batch: the previous one is gone.
      const batch = await this.emojis.batch({ remote: options.remoteOnly }, '0', BATCH);
      if (batch.length === 0) return removed;
      await this.emojis.deleteByIds(batch.map((emoji) => emoji.id));
      await this.images.delete(batch);
      removed += batch.length;
    }
  }
}
