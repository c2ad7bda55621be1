import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What moderators do to accounts: warnings (strikes, one per action, with the text the user
 * sees), the presets their text can start from, and the audit log of staff actions.
 */
export class AccountModeration1795480523049 implements MigrationInterface {
  name = 'AccountModeration1795480523049';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE account_warning_presets (
        id bigserial PRIMARY KEY,
        title varchar NOT NULL DEFAULT '',
        text text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`
      CREATE TABLE account_warnings (
        id bigserial PRIMARY KEY,
        account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
        target_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        action varchar NOT NULL CHECK (action IN ('none', 'disable', 'mark_statuses_as_sensitive',
          'delete_statuses', 'sensitive', 'silence', 'suspend')),
        text text NOT NULL DEFAULT '',
        report_id bigint REFERENCES reports (id) ON DELETE SET NULL,
        status_ids bigint[],
        overruled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX index_account_warnings_on_target_account_id
         ON account_warnings (target_account_id, id DESC)`,
    );
    await db.query(
      `CREATE INDEX index_account_warnings_on_account_id ON account_warnings (account_id)`,
    );
    await db.query(
      `CREATE INDEX index_account_warnings_on_report_id ON account_warnings (report_id)
         WHERE report_id IS NOT NULL`,
    );
    await db.query(`
      CREATE TABLE admin_action_logs (
        id bigserial PRIMARY KEY,
        account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
        action varchar NOT NULL,
        target_type varchar NOT NULL,
        target_id bigint,
        human_identifier varchar,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX index_admin_action_logs_on_account_id ON admin_action_logs (account_id, id DESC)`,
    );
    await db.query(
      `CREATE INDEX index_admin_action_logs_on_target ON admin_action_logs (target_type, target_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE admin_action_logs`);
    await db.query(`DROP TABLE account_warnings`);
    await db.query(`DROP TABLE account_warning_presets`);
  }
}
