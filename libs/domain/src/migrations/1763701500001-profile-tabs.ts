import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a profile shows (Mastodon 4.6): the Media tab (and whether it includes replies), the
 * Featured tab, and the domains allowed to credit the account as an author.
 */
export class ProfileTabs1763701500001 implements MigrationInterface {
  name = 'ProfileTabs1763701500001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE accounts
        ADD COLUMN show_media boolean NOT NULL DEFAULT true,
        ADD COLUMN show_media_replies boolean NOT NULL DEFAULT true,
        ADD COLUMN show_featured boolean NOT NULL DEFAULT true,
        ADD COLUMN attribution_domains varchar[] NOT NULL DEFAULT '{}'
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE accounts
        DROP COLUMN show_media,
        DROP COLUMN show_media_replies,
        DROP COLUMN show_featured,
        DROP COLUMN attribution_domains
    `);
  }
}
