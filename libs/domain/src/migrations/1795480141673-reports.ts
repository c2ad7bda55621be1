import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reports of accounts (and some of their statuses) to the moderators. `forward_to_domains` is
 * kept for federation, which sends the Flag; `uri` names a report that came in as a Flag.
 * `notifications.report_id` (admin.report) now refers to them.
 */
export class Reports1795480141673 implements MigrationInterface {
  name = 'Reports1795480141673';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE reports (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        target_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        status_ids bigint[] NOT NULL DEFAULT '{}',
        rule_ids bigint[],
        comment text NOT NULL DEFAULT '',
        category varchar NOT NULL DEFAULT 'other'
          CHECK (category IN ('other', 'spam', 'legal', 'violation')),
        forwarded boolean NOT NULL DEFAULT false,
        forward_to_domains varchar[] NOT NULL DEFAULT '{}',
        uri varchar,
        application_id bigint REFERENCES oauth_applications (id) ON DELETE SET NULL,
        assigned_account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
        action_taken_at timestamptz,
        action_taken_by_account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX index_reports_on_account_id ON reports (account_id, id DESC)`);
    await db.query(
      `CREATE INDEX index_reports_on_target_account_id ON reports (target_account_id, id DESC)`,
    );
    // The moderators' default list: open reports, newest first.
    await db.query(
      `CREATE INDEX index_reports_unresolved ON reports (id DESC) WHERE action_taken_at IS NULL`,
    );
    await db.query(
      `CREATE INDEX index_reports_on_assigned_account_id ON reports (assigned_account_id)
         WHERE assigned_account_id IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX index_reports_on_action_taken_by_account_id ON reports (action_taken_by_account_id)
         WHERE action_taken_by_account_id IS NOT NULL`,
    );
    await db.query(`DELETE FROM notifications WHERE report_id IS NOT NULL`);
    await db.query(
      `ALTER TABLE notifications ADD CONSTRAINT fk_notifications_report_id
         FOREIGN KEY (report_id) REFERENCES reports (id) ON DELETE CASCADE`,
    );
    await db.query(
      `CREATE INDEX index_notifications_on_report_id ON notifications (report_id)
         WHERE report_id IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX index_notifications_on_report_id`);
    await db.query(`ALTER TABLE notifications DROP CONSTRAINT fk_notifications_report_id`);
    await db.query(`DROP TABLE reports`);
  }
}
