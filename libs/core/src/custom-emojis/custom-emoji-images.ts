import { Injectable } from '@nestjs/common';
import { CustomEmoji, customEmojiKey, CustomEmojiStyle } from '@nestodon/domain';
import { randomBytes } from 'node:crypto';
import { ImagePipeline } from '../media/image-pipeline';
import { MediaStorage } from '../media/media-storage';

/** Mastodon's limit for this server's emoji images. */
export const CUSTOM_EMOJI_SIZE_LIMIT = 256 * 1024;

const TYPES: Record<string, { contentType: string; extension: string }> = {
  png: { contentType: 'image/png', extension: 'png' },
  gif: { contentType: 'image/gif', extension: 'gif' },
  webp: { contentType: 'image/webp', extension: 'webp' },
};

export interface CheckedEmojiImage {
  data: Buffer;
  contentType: string;
  extension: string;
}

/** Why an image cannot be an emoji, in Mastodon's words. */
export class EmojiImageRefusedError extends Error {}

/**
 * Emoji images in media storage: checked by their bytes (PNG, GIF or WebP, at most 256 KB), kept
 * as given, with a still PNG of the first frame for the static style.
 */
@Injectable()
export class CustomEmojiImages {
  constructor(
    private readonly images: ImagePipeline,
    private readonly storage: MediaStorage,
  ) {}

  async check(data: Buffer): Promise<CheckedEmojiImage> {
    if (data.length > CUSTOM_EMOJI_SIZE_LIMIT) {
      throw new EmojiImageRefusedError('Image file size must be less than 256 KB');
    }
    const format = await this.images.header(data).then(
      (header) => header.format,
      () => null,
    );
    const type = format ? TYPES[format] : undefined;
    if (!type) throw new EmojiImageRefusedError('Image content type is invalid');
    return { data, ...type };
  }

  /** A fresh file name for a checked image (keys are never reused). */
  fileName(image: CheckedEmojiImage): string {
    return `${randomBytes(8).toString('hex')}.${image.extension}`;
  }

  /** Stores the original and its static PNG under the emoji's keys. */
  async store(emoji: { id: string; imageFileName: string }, image: CheckedEmojiImage) {
    const still = await this.images.upright(image.data).png().toBuffer();
    await this.storage.put(customEmojiKey(emoji, 'original'), image.data, {
      contentType: image.contentType,
    });
    await this.storage.put(customEmojiKey(emoji, 'static'), still, { contentType: 'image/png' });
  }

  read(emoji: { id: string; imageFileName: string }, style: CustomEmojiStyle = 'original') {
    return this.storage.read(customEmojiKey(emoji, style));
  }

  /** Removes the stored files of emojis (remote ones without a local copy have none). */
  async delete(emojis: Array<Pick<CustomEmoji, 'id' | 'imageFileName'>>): Promise<void> {
    await this.storage.deleteUnused(
      emojis.flatMap(({ id, imageFileName }) =>
        imageFileName
          ? [
              customEmojiKey({ id, imageFileName }, 'original'),
              customEmojiKey({ id, imageFileName }, 'static'),
            ]
          : [],
      ),
    );
  }
}
