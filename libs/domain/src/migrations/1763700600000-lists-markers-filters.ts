import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lists (with their members), reading-position markers, and keyword filters (v1 and v2 share
 * the tables: a v1 filter is one keyword of a v2 filter). Status filters come with the
 * notifications migration, which runs after the statuses table exists.
 */
export class ListsMarkersFilters1763700600000 implements MigrationInterface {
  name = 'ListsMarkersFilters1763700600000';

  async up(db: QueryRunner): Promise<void> {
    // replies_policy: 0 list, 1 followed, 2 none (Mastodon's values).
    await db.query(`
      CREATE TABLE lists (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        title varchar NOT NULL,
        replies_policy smallint NOT NULL DEFAULT 0 CHECK (replies_policy BETWEEN 0 AND 2),
        exclusive boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`CREATE INDEX index_lists_on_account_id ON lists (account_id, id)`);

    // A member is followed by the list's owner (follow_id; ends with the follow) or is the
    // owner itself (follow_id NULL).
    await db.query(`
      CREATE TABLE list_accounts (
        id bigserial PRIMARY KEY,
        list_id bigint NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        follow_id bigint REFERENCES follows (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_list_accounts_on_list_id_and_account_id ON list_accounts (list_id, account_id)`,
    );
    // Fan-out: the lists an author belongs to.
    await db.query(
      `CREATE INDEX index_list_accounts_on_account_id_and_list_id ON list_accounts (account_id, list_id)`,
    );
    await db.query(
      `CREATE INDEX index_list_accounts_on_follow_id ON list_accounts (follow_id) WHERE follow_id IS NOT NULL`,
    );

    await db.query(`
      CREATE TABLE markers (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        timeline varchar NOT NULL CHECK (timeline IN ('home', 'notifications')),
        last_read_id bigint NOT NULL DEFAULT 0,
        lock_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_markers_on_user_id_and_timeline ON markers (user_id, timeline)`,
    );

    // action: 0 warn, 1 hide, 2 blur. phrase is the v2 title.
    await db.query(`
      CREATE TABLE custom_filters (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        phrase text NOT NULL DEFAULT '',
        context varchar[] NOT NULL DEFAULT '{}',
        action smallint NOT NULL DEFAULT 0 CHECK (action BETWEEN 0 AND 2),
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE INDEX index_custom_filters_on_account_id ON custom_filters (account_id, id)`,
    );

    await db.query(`
      CREATE TABLE custom_filter_keywords (
        id bigserial PRIMARY KEY,
        custom_filter_id bigint NOT NULL REFERENCES custom_filters (id) ON DELETE CASCADE,
        keyword text NOT NULL,
        whole_word boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE INDEX index_custom_filter_keywords_on_custom_filter_id ON custom_filter_keywords (custom_filter_id, id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE custom_filter_keywords`);
    await db.query(`DROP TABLE custom_filters`);
    await db.query(`DROP TABLE markers`);
    await db.query(`DROP TABLE list_accounts`);
    await db.query(`DROP TABLE lists`);
  }
}
