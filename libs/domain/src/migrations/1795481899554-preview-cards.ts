import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Link preview cards (Mastodon's preview_cards): one row per URL, fetched by the worker and
 * refreshed weekly, linked to statuses through preview_cards_statuses (one card a status). The
 * trend columns (max_score, trendable) are kept for link trends and their review.
 */
export class PreviewCards1795481899554 implements MigrationInterface {
  name = 'PreviewCards1795481899554';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE preview_cards (
        id bigserial PRIMARY KEY,
        url varchar NOT NULL,
        title varchar NOT NULL DEFAULT '',
        description varchar NOT NULL DEFAULT '',
        type smallint NOT NULL DEFAULT 0,
        html text NOT NULL DEFAULT '',
        author_name varchar NOT NULL DEFAULT '',
        author_url varchar NOT NULL DEFAULT '',
        provider_name varchar NOT NULL DEFAULT '',
        provider_url varchar NOT NULL DEFAULT '',
        width integer NOT NULL DEFAULT 0,
        height integer NOT NULL DEFAULT 0,
        embed_url varchar NOT NULL DEFAULT '',
        image_file_name varchar,
        image_content_type varchar,
        image_file_size integer,
        image_description varchar NOT NULL DEFAULT '',
        blurhash varchar,
        language varchar,
        published_at timestamptz,
        max_score double precision,
        max_score_at timestamptz,
        trendable boolean,
        fetched_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX index_preview_cards_on_url ON preview_cards (url)`);
    await db.query(`
      CREATE TABLE preview_cards_statuses (
        preview_card_id bigint NOT NULL REFERENCES preview_cards (id) ON DELETE CASCADE,
        status_id bigint NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
        url varchar,
        PRIMARY KEY (status_id, preview_card_id)
      )`);
    // Statuses sharing a link, newest first (GET /api/v1/timelines/link).
    await db.query(`
      CREATE INDEX index_preview_cards_statuses_on_preview_card_id_and_status_id
        ON preview_cards_statuses (preview_card_id, status_id DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE preview_cards_statuses`);
    await db.query(`DROP TABLE preview_cards`);
  }
}
