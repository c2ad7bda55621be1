import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hashtags (shared with statuses, which link to them), hashtags featured on profiles and
 * followed hashtags. `tags.name` holds the normalised name and is unique.
 */
export class Tags1763700400001 implements MigrationInterface {
  name = 'Tags1763700400001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE tags (
        id bigserial PRIMARY KEY,
        name varchar NOT NULL,
        display_name varchar,
        usable boolean,
        trendable boolean,
        listable boolean,
        reviewed_at timestamptz,
        requested_review_at timestamptz,
        last_status_at timestamptz,
        max_score double precision,
        max_score_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (name <> '' AND name = lower(name))
      )
    `);
    // text_pattern_ops also serves prefix searches (hashtag autocomplete).
    await db.query(`CREATE UNIQUE INDEX index_tags_on_name ON tags (name text_pattern_ops)`);

    await db.query(`
      CREATE TABLE featured_tags (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        tag_id bigint NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
        name varchar NOT NULL,
        statuses_count bigint NOT NULL DEFAULT 0,
        last_status_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_featured_tags_on_account_id_and_tag_id ON featured_tags (account_id, tag_id)`,
    );
    await db.query(`CREATE INDEX index_featured_tags_on_tag_id ON featured_tags (tag_id)`);

    await db.query(`
      CREATE TABLE tag_follows (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        tag_id bigint NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_tag_follows_on_account_id_and_tag_id ON tag_follows (account_id, tag_id)`,
    );
    await db.query(`CREATE INDEX index_tag_follows_on_tag_id ON tag_follows (tag_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE tag_follows`);
    await db.query(`DROP TABLE featured_tags`);
    await db.query(`DROP TABLE tags`);
  }
}
