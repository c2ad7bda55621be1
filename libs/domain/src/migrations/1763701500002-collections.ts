import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Collections (Mastodon 4.6): an account's named lists of accounts it features, each item with
 * the featured account's consent state. `uri`, `activity_uri`, `approval_uri` and `object_uri`
 * keep what federating them (FeatureRequest and its authorization) needs.
 */
export class Collections1763701500002 implements MigrationInterface {
  name = 'Collections1763701500002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE SEQUENCE collections_id_seq`);
    await db.query(`
      CREATE TABLE collections (
        id bigint PRIMARY KEY DEFAULT timestamp_id('collections'),
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        name varchar NOT NULL,
        description text NOT NULL,
        language varchar,
        local boolean NOT NULL,
        sensitive boolean NOT NULL DEFAULT false,
        discoverable boolean NOT NULL DEFAULT true,
        tag_id bigint REFERENCES tags (id) ON DELETE SET NULL,
        uri varchar,
        item_count integer NOT NULL DEFAULT 0,
        original_number_of_items integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`ALTER SEQUENCE collections_id_seq OWNED BY collections.id`);
    await db.query(
      `CREATE INDEX index_collections_on_account_id_and_created_at
         ON collections (account_id, created_at DESC)`,
    );
    await db.query(
      `CREATE UNIQUE INDEX index_collections_on_uri ON collections (uri) WHERE uri IS NOT NULL`,
    );
    await db.query(`CREATE SEQUENCE collection_items_id_seq`);
    await db.query(`
      CREATE TABLE collection_items (
        id bigint PRIMARY KEY DEFAULT timestamp_id('collection_items'),
        collection_id bigint NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
        account_id bigint REFERENCES accounts (id) ON DELETE CASCADE,
        state smallint NOT NULL DEFAULT 0,
        position integer NOT NULL DEFAULT 1,
        uri varchar,
        activity_uri varchar,
        approval_uri varchar,
        object_uri varchar,
        approval_last_verified_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`ALTER SEQUENCE collection_items_id_seq OWNED BY collection_items.id`);
    await db.query(
      `CREATE UNIQUE INDEX index_collection_items_on_collection_id_and_account_id
         ON collection_items (collection_id, account_id)`,
    );
    await db.query(
      `CREATE INDEX index_collection_items_on_account_id ON collection_items (account_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE collection_items`);
    await db.query(`DROP TABLE collections`);
  }
}
