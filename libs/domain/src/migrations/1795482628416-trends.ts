import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Review state of trending statuses (tags and preview cards have theirs): NULL not reviewed,
 * true allowed, false rejected. The staff review endpoints (moderation) set it.
 */
export class Trends1795482628416 implements MigrationInterface {
  name = 'Trends1795482628416';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE statuses ADD COLUMN trendable boolean`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE statuses DROP COLUMN trendable`);
  }
}
