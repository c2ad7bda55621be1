import { MigrationInterface, QueryRunner } from 'typeorm';

/** Profile columns: the note rendered at write time, image types and descriptions. */
export class AccountProfiles1763700300000 implements MigrationInterface {
  name = 'AccountProfiles1763700300000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE accounts
        ADD COLUMN note_html text,
        ADD COLUMN avatar_content_type varchar,
        ADD COLUMN avatar_description text NOT NULL DEFAULT '',
        ADD COLUMN header_content_type varchar,
        ADD COLUMN header_description text NOT NULL DEFAULT ''
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE accounts
        DROP COLUMN note_html,
        DROP COLUMN avatar_content_type,
        DROP COLUMN avatar_description,
        DROP COLUMN header_content_type,
        DROP COLUMN header_description
    `);
  }
}
