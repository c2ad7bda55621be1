import { Injectable } from '@nestjs/common';
import { DataSource, In, IsNull } from 'typeorm';
import { CustomEmoji } from '../entities/custom-emoji.entity';

/** Custom emoji rows. */
@Injectable()
export class CustomEmojiRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** This server's enabled emojis among the shortcodes. */
  findLocalEnabled(shortcodes: string[]): Promise<CustomEmoji[]> {
    const unique = [...new Set(shortcodes)];
    if (unique.length === 0) return Promise.resolve([]);
    return this.dataSource
      .getRepository(CustomEmoji)
      .findBy({ shortcode: In(unique), domain: IsNull(), disabled: false });
  }
}
