import { MigrationInterface, QueryRunner } from 'typeorm';

/** moderation_warning notifications refer to the warning (strike) they announce. */
export class ModerationWarningNotifications1795482908174 implements MigrationInterface {
  name = 'ModerationWarningNotifications1795482908174';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE notifications ADD COLUMN account_warning_id bigint
         REFERENCES account_warnings (id) ON DELETE CASCADE`,
    );
    await db.query(
      `CREATE INDEX index_notifications_on_account_warning_id ON notifications (account_warning_id)
         WHERE account_warning_id IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE notifications DROP COLUMN account_warning_id`);
  }
}
