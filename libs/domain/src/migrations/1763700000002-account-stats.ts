import { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-account counters, kept apart from accounts so hot counter updates do not rewrite profiles. */
export class AccountStats1763700000002 implements MigrationInterface {
  name = 'AccountStats1763700000002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE account_stats (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        statuses_count bigint NOT NULL DEFAULT 0,
        following_count bigint NOT NULL DEFAULT 0,
        followers_count bigint NOT NULL DEFAULT 0,
        last_status_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_account_stats_on_account_id ON account_stats (account_id)`,
    );
    await db.query(
      `CREATE INDEX index_account_stats_on_last_status_at ON account_stats (last_status_at DESC NULLS LAST)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE account_stats`);
  }
}
