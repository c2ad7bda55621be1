import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Server settings an operator changes at runtime (`settings registrations …` of the CLI), one
 * row per setting as Mastodon's `settings` table; a setting without a row has its default
 * (for some, an environment variable).
 */
export class Settings1763701600000 implements MigrationInterface {
  name = 'Settings1763701600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE settings (
        var varchar PRIMARY KEY,
        value jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE settings`);
  }
}
