import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Remote objects deleted before they arrived here (a Delete outrunning its Create, as
 * Mastodon's `tombstones`): a later Create of the same id is ignored.
 */
export class Tombstones1795481093700 implements MigrationInterface {
  name = 'Tombstones1795481093700';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE tombstones (
        id bigserial PRIMARY KEY,
        uri varchar NOT NULL,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`CREATE UNIQUE INDEX index_tombstones_on_uri ON tombstones (uri)`);
    await db.query(`CREATE INDEX index_tombstones_on_account_id ON tombstones (account_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE tombstones`);
  }
}
