import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Quote posts (Mastodon 4.5): who may quote a status (`statuses.quote_approval_policy`, a bitmap
 * of automatic policies in the high 16 bits and manual ones in the low 16), the quote of each
 * quoting status with its approval state, its counter, and the `quote` notification about it.
 * `activity_uri` and `approval_uri` keep the QuoteRequest and its approval (FEP-044f) for
 * federation.
 */
export class Quotes1763701500000 implements MigrationInterface {
  name = 'Quotes1763701500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE statuses ADD COLUMN quote_approval_policy integer NOT NULL DEFAULT 0`,
    );
    await db.query(`ALTER TABLE status_stats ADD COLUMN quotes_count bigint NOT NULL DEFAULT 0`);
    await db.query(`
      CREATE TABLE quotes (
        id bigserial PRIMARY KEY,
        status_id bigint NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
        quoted_status_id bigint REFERENCES statuses (id) ON DELETE SET NULL,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        quoted_account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
        state smallint NOT NULL DEFAULT 0,
        legacy boolean NOT NULL DEFAULT false,
        activity_uri varchar,
        approval_uri varchar,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`CREATE UNIQUE INDEX index_quotes_on_status_id ON quotes (status_id)`);
    await db.query(
      `CREATE INDEX index_quotes_on_quoted_status_id_and_id ON quotes (quoted_status_id, id)
         WHERE quoted_status_id IS NOT NULL`,
    );
    await db.query(
      `CREATE UNIQUE INDEX index_quotes_on_activity_uri ON quotes (activity_uri)
         WHERE activity_uri IS NOT NULL`,
    );
    await db.query(
      `ALTER TABLE notifications ADD COLUMN quote_id bigint REFERENCES quotes (id) ON DELETE CASCADE`,
    );
    await db.query(
      `CREATE INDEX index_notifications_on_quote_id ON notifications (quote_id)
         WHERE quote_id IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE notifications DROP COLUMN quote_id`);
    await db.query(`DROP TABLE quotes`);
    await db.query(`ALTER TABLE status_stats DROP COLUMN quotes_count`);
    await db.query(`ALTER TABLE statuses DROP COLUMN quote_approval_policy`);
  }
}
