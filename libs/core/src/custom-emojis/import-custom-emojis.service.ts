import { Injectable } from '@nestjs/common';
import { CustomEmojiRepository } from '@nestodon/domain';
import { createReadStream } from 'node:fs';
import { basename, extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import {
  CUSTOM_EMOJI_SIZE_LIMIT,
  CustomEmojiImages,
  EmojiImageRefusedError,
} from './custom-emoji-images';

export interface ImportCustomEmojisOptions {
  prefix?: string;
  suffix?: string;
  overwrite?: boolean;
  /** Not offered in pickers (still usable by shortcode). */
  unlisted?: boolean;
  category?: string;
}

export interface ImportCustomEmojisResult {
  imported: number;
  skipped: number;
  failed: Array<{ entry: string; message: string }>;
}

/** Mastodon's shortcode rule. */
const SHORTCODE = /^[a-zA-Z0-9_]{2,}$/;

/**
 * `emoji import`: every PNG and GIF of a .tar.gz becomes a local emoji named after its file (with
 * the prefix and suffix), as tootctl does; an existing shortcode is skipped unless overwritten.
 */
@Injectable()
export class ImportCustomEmojisService {
  constructor(
    private readonly emojis: CustomEmojiRepository,
    private readonly images: CustomEmojiImages,
  ) {}

  async call(path: string, options: ImportCustomEmojisOptions): Promise<ImportCustomEmojisResult> {
    const result: ImportCustomEmojisResult = { imported: 0, skipped: 0, failed: [] };
    const archive = extract();
    const reading = pipeline(createReadStream(path), createGunzip(), archive);
    for await (const entry of archive) {
      const name = entry.header.name;
      const file = basename(name, extname(name));
      // Only files; macOS resource forks (._name) are not images.
      if (entry.header.type !== 'file' || !/\.(png|gif)$/i.test(name) || file.startsWith('._')) {
        entry.resume();
        continue;
      }
      const data = await readEntry(entry, entry.header.size ?? 0);
      const outcome = await this.importOne(
        [options.prefix, file, options.suffix].filter(Boolean).join(''),
        data,
        options,
      ).catch((error: unknown) => {
        if (error instanceof EmojiImageRefusedError) return error.message;
        throw error;
      });
      if (outcome === 'imported') result.imported += 1;
      else if (outcome === 'skipped') result.skipped += 1;
      else result.failed.push({ entry: name, message: outcome });
    }
    await reading;
    return result;
  }

  /** Imports one image; answers what happened, or why it failed. */
  private async importOne(
    shortcode: string,
    data: Buffer | null,
    options: ImportCustomEmojisOptions,
  ): Promise<'imported' | 'skipped' | string> {
    if (!SHORTCODE.test(shortcode)) {
      return 'Shortcode must be at least 2 characters and only contain alphanumeric characters and underscores';
    }
    const existing = await this.emojis.findLocalByShortcode(shortcode);
    if (existing && !options.overwrite) return 'skipped';
    if (!data) throw new EmojiImageRefusedError('Image file size must be less than 256 KB');
    const image = await this.images.check(data);
    const imageFileName = this.images.fileName(image);
    const emoji = await this.emojis.save({
      ...(existing ? { id: existing.id } : { shortcode, domain: null }),
      imageFileName,
      imageContentType: image.contentType,
      visibleInPicker: !options.unlisted,
      category: options.category ?? null,
    });
    try {
      await this.images.store({ id: emoji.id, imageFileName }, image);
    } catch (error) {
      if (!existing) await this.emojis.deleteByIds([emoji.id]);
      throw error;
    }
    if (existing) await this.images.delete([existing]);
    return 'imported';
  }
}

/** The bytes of an archive entry; null (and drained) when it is over the emoji size limit. */
async function readEntry(entry: AsyncIterable<Buffer> & { resume(): void }, size: number) {
  if (size > CUSTOM_EMOJI_SIZE_LIMIT) {
    entry.resume();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk);
  return Buffer.concat(chunks);
}
