import { Injectable } from '@nestjs/common';
import { DataSource, DeepPartial, In, IsNull, MoreThan, Not } from 'typeorm';
import { CustomEmoji } from '../entities/custom-emoji.entity';

/** A custom emoji of a server: domain null is this server. */
export interface EmojiKey {
  shortcode: string;
  domain: string | null;
}

/** Custom emoji rows. */
@Injectable()
export class CustomEmojiRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** This server's enabled emojis among the shortcodes. */
  findLocalEnabled(shortcodes: string[]): Promise<CustomEmoji[]> {
    const unique = [...new Set(shortcodes)];
    if (unique.length === 0) return Promise.resolve([]);
    return this.repository.findBy({ shortcode: In(unique), domain: IsNull(), disabled: false });
  }

  /** Enabled custom emojis by shortcode and server, in one query whatever the count. */
  async findEnabled(wanted: EmojiKey[]): Promise<CustomEmoji[]> {
    if (wanted.length === 0) return [];
    return this.repository
      .createQueryBuilder('e')
      .where('e.disabled = false')
      .andWhere(
        `(e.shortcode, COALESCE(e.domain, '')) IN
           (SELECT * FROM unnest(CAST(:shortcodes AS varchar[]), CAST(:domains AS varchar[])))`,
        {
          shortcodes: wanted.map((emoji) => emoji.shortcode),
          domains: wanted.map((emoji) => emoji.domain ?? ''),
        },
      )
      .getMany();
  }

  findByIds(ids: string[]): Promise<CustomEmoji[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.repository.findBy({ id: In([...new Set(ids)]) });
  }

  /** This server's enabled emojis shown in pickers (GET /api/v1/custom_emojis), by shortcode. */
  listed(): Promise<CustomEmoji[]> {
    return this.repository.find({
      where: { domain: IsNull(), disabled: false, visibleInPicker: true },
      order: { shortcode: 'ASC' },
    });
  }

  /** This server's emoji with the shortcode, whatever its case (shortcodes are unique so). */
  findLocalByShortcode(shortcode: string): Promise<CustomEmoji | null> {
    return this.repository
      .createQueryBuilder('e')
      .where('e.domain IS NULL AND lower(e.shortcode) = lower(:shortcode)', { shortcode })
      .getOne();
  }

  /** Whether this server has an emoji in the category. */
  async categoryExists(category: string): Promise<boolean> {
    return this.repository.exists({ where: { domain: IsNull(), category } });
  }

  /** Up to `limit` emojis after the id, in id order: this server's (optionally of a category) or every. */
  batch(
    scope: { local?: boolean; remote?: boolean; category?: string },
    afterId: string,
    limit: number,
  ): Promise<CustomEmoji[]> {
    return this.repository.find({
      where: {
        id: MoreThan(afterId),
        ...(scope.local ? { domain: IsNull() } : {}),
        ...(scope.remote ? { domain: Not(IsNull()) } : {}),
        ...(scope.category !== undefined ? { category: scope.category } : {}),
      },
      order: { id: 'ASC' },
      take: limit,
    });
  }

  save(emoji: DeepPartial<CustomEmoji>): Promise<CustomEmoji> {
    return this.repository.save(this.repository.create(emoji));
  }

  async deleteByIds(ids: string[]): Promise<void> {
    if (ids.length > 0) await this.repository.delete({ id: In(ids) });
  }

  private get repository() {
    return this.dataSource.getRepository(CustomEmoji);
  }
}
