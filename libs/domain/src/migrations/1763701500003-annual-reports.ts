import { MigrationInterface, QueryRunner } from 'typeorm';

/** Annual reports ("Wrapstodon", Mastodon 4.3+): one generated report per account and year. */
export class AnnualReports1763701500003 implements MigrationInterface {
  name = 'AnnualReports1763701500003';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE generated_annual_reports (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        year integer NOT NULL,
        data jsonb NOT NULL,
        schema_version integer NOT NULL,
        viewed_at timestamptz,
        share_key varchar,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_generated_annual_reports_on_account_id_and_year
         ON generated_annual_reports (account_id, year)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE generated_annual_reports`);
  }
}
