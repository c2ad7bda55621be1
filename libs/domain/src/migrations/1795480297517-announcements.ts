import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Announcements by staff, as Mastodon keeps them: who dismissed which (mutes) and the emoji
 * reactions of accounts (unicode, or a local custom emoji).
 */
export class Announcements1795480297517 implements MigrationInterface {
  name = 'Announcements1795480297517';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE announcements (
        id bigserial PRIMARY KEY,
        text text NOT NULL DEFAULT '',
        published boolean NOT NULL DEFAULT false,
        all_day boolean NOT NULL DEFAULT false,
        scheduled_at timestamptz,
        starts_at timestamptz,
        ends_at timestamptz,
        published_at timestamptz,
        status_ids bigint[],
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE announcement_mutes (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        announcement_id bigint NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX index_announcement_mutes_on_account_id_and_announcement_id
         ON announcement_mutes (account_id, announcement_id)`,
    );
    await db.query(
      `CREATE INDEX index_announcement_mutes_on_announcement_id ON announcement_mutes (announcement_id)`,
    );
    await db.query(`
      CREATE TABLE announcement_reactions (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        announcement_id bigint NOT NULL REFERENCES announcements (id) ON DELETE CASCADE,
        name varchar NOT NULL DEFAULT '',
        custom_emoji_id bigint REFERENCES custom_emojis (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX index_announcement_reactions_on_account_id_and_announcement_id_and_name
         ON announcement_reactions (account_id, announcement_id, name)`,
    );
    await db.query(
      `CREATE INDEX index_announcement_reactions_on_announcement_id
         ON announcement_reactions (announcement_id)`,
    );
    await db.query(
      `CREATE INDEX index_announcement_reactions_on_custom_emoji_id
         ON announcement_reactions (custom_emoji_id) WHERE custom_emoji_id IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE announcement_reactions`);
    await db.query(`DROP TABLE announcement_mutes`);
    await db.query(`DROP TABLE announcements`);
  }
}
