import { Injectable } from '@nestjs/common';
import { CustomEmojiRepository, ValidationError } from '@nestodon/domain';
import { createWriteStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack } from 'tar-stream';
import { CustomEmojiImages } from './custom-emoji-images';

const BATCH = 100;

/**
 * `emoji export`: this server's emojis (or one category's) into `export.tar.gz` in a folder, each
 * file named after its shortcode, as tootctl writes it (and `emoji import` reads it back).
 */
@Injectable()
export class ExportCustomEmojisService {
  constructor(
    private readonly emojis: CustomEmojiRepository,
    private readonly images: CustomEmojiImages,
  ) {}

  /** Calls `onAdd` per emoji written; answers the archive's path and how many it holds. */
  async call(
    folder: string,
    options: { category?: string; overwrite?: boolean },
    onAdd: (shortcode: string) => void = () => undefined,
  ): Promise<{ path: string; exported: number }> {
    const path = join(folder, 'export.tar.gz');
    const exists = await access(path).then(
      () => true,
      () => false,
    );
    if (exists && !options.overwrite) {
      throw new ValidationError("Archive already exists! Use '--overwrite' to overwrite it!");
    }
    if (options.category !== undefined && !(await this.emojis.categoryExists(options.category))) {
      throw new ValidationError(`Unable to find category '${options.category}'!`);
    }
    const archive = pack();
    const writing = pipeline(archive, createGzip(), createWriteStream(path));
    let exported = 0;
    try {
      for (let afterId = '0'; ;) {
        const batch = await this.emojis.batch(
          { local: true, category: options.category },
          afterId,
          BATCH,
        );
        if (batch.length === 0) break;
        afterId = batch[batch.length - 1].id;
        for (const emoji of batch) {
          if (!emoji.imageFileName) continue;
          onAdd(emoji.shortcode);
          const data = await this.images.read({ id: emoji.id, imageFileName: emoji.imageFileName });
          archive.entry(
            { name: emoji.shortcode + extname(emoji.imageFileName), mode: 0o644 },
            data,
          );
          exported += 1;
        }
      }
      archive.finalize();
    } catch (error) {
      archive.destroy(error as Error);
      await writing.catch(() => undefined);
      throw error;
    }
    await writing;
    return { path, exported };
  }
}
