import { MigrationInterface, QueryRunner } from 'typeorm';

/** Versions of the terms of service, each effective from a date once published (Mastodon 4.4). */
export class TermsOfService1795482186027 implements MigrationInterface {
  name = 'TermsOfService1795482186027';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE terms_of_services (
        id bigserial PRIMARY KEY,
        text text NOT NULL,
        changelog text NOT NULL DEFAULT '',
        effective_date date,
        published_at timestamptz,
        notification_sent_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX index_terms_of_services_on_effective_date
         ON terms_of_services (effective_date) WHERE effective_date IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE terms_of_services`);
  }
}
