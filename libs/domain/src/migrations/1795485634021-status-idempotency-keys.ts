import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Idempotency-Key of POST /api/v1/statuses, written in the transaction that creates the status,
 * so that a process dying right after the commit cannot make a retry post it twice.
 */
export class StatusIdempotencyKeys1795485634021 implements MigrationInterface {
  name = 'StatusIdempotencyKeys1795485634021';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TABLE status_idempotency_keys (
         account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
         key varchar(255) NOT NULL,
         status_id bigint NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
         created_at timestamp NOT NULL DEFAULT now(),
         PRIMARY KEY (account_id, key)
       )`,
    );
    await db.query(
      `CREATE INDEX index_status_idempotency_keys_on_status_id ON status_idempotency_keys (status_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE status_idempotency_keys`);
  }
}
