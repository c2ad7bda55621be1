import { Injectable } from '@nestjs/common';
import { DataSource, DeepPartial, In, IsNull, MoreThan, Not } from 'typeorm';
import { CustomEmoji } from '../entities/custom-emoji.entity';

/** A custom emoji of a server: domain null is this server. */
export interface EmojiKey {
  shortcode: string;
  domain: string | null;
}

/** A remote server's emoji as one of its documents tags it. */
export interface RemoteEmojiFields {
  shortcode: string;
  imageRemoteUrl: string;
  uri: string | null;
  /** When its server says it last changed; null when it does not say. */
  updatedAt: Date | null;
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

  /**
   * Stores a server's emojis: new ones added, known ones taking a new image URL or a newer
   * `updated`, as Mastodon keeps them; others left as they are. The ids of those added or
   * changed (whose image is to be copied again; the old copy is served until then).
   */
  async upsertRemote(domain: string, emojis: RemoteEmojiFields[]): Promise<string[]> {
    if (emojis.length === 0) return [];
    const rows = (await this.dataSource.query(
      `WITH incoming AS (
         SELECT * FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::timestamptz[])
                    AS e (shortcode, uri, url, updated))
       INSERT INTO custom_emojis (shortcode, domain, uri, image_remote_url, updated_at)
       SELECT shortcode, $1, uri, url, COALESCE(updated, now()) FROM incoming
       ON CONFLICT (shortcode, (COALESCE(domain, ''))) DO UPDATE
          SET image_remote_url = EXCLUDED.image_remote_url, uri = EXCLUDED.uri, updated_at = now()
        WHERE custom_emojis.image_remote_url IS DISTINCT FROM EXCLUDED.image_remote_url
           OR EXISTS (SELECT 1 FROM incoming i
                       WHERE i.shortcode = EXCLUDED.shortcode AND i.updated > custom_emojis.updated_at)
       RETURNING id::text AS id`,
      [
        domain,
        emojis.map((emoji) => emoji.shortcode),
        emojis.map((emoji) => emoji.uri),
        emojis.map((emoji) => emoji.imageRemoteUrl),
        emojis.map((emoji) => emoji.updatedAt?.toISOString() ?? null),
      ],
    )) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  /**
   * Records the local copy of a remote emoji's image, unless its image URL changed since it
   * was fetched; the file name of the copy it replaces (null without one), or undefined when
   * not recorded.
   */
  async cacheRemoteImage(
    id: string,
    fetchedUrl: string,
    image: { fileName: string; contentType: string },
  ): Promise<string | null | undefined> {
    const [rows] = (await this.dataSource.query(
      `UPDATE custom_emojis e SET image_file_name = $3, image_content_type = $4, updated_at = now()
         FROM (SELECT id, image_file_name FROM custom_emojis WHERE id = $1 FOR UPDATE) old
        WHERE e.id = old.id AND e.domain IS NOT NULL AND e.image_remote_url = $2
       RETURNING old.image_file_name AS "replaced"`,
      [id, fetchedUrl, image.fileName, image.contentType],
    )) as [Array<{ replaced: string | null }>, number];
    return rows.length ? rows[0].replaced : undefined;
  }

  /** Deletes the emojis of a server (its subdomains' too); what was deleted, to remove their files. */
  async deleteOfDomain(domain: string): Promise<Array<Pick<CustomEmoji, 'id' | 'imageFileName'>>> {
    const [rows] = (await this.dataSource.query(
      `DELETE FROM custom_emojis
        WHERE domain = $1 OR right(domain, length($1) + 1) = '.' || $1
       RETURNING id::text AS "id", image_file_name AS "imageFileName"`,
      [domain],
    )) as [Array<Pick<CustomEmoji, 'id' | 'imageFileName'>>, number];
    return rows;
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
