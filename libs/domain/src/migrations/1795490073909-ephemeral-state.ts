import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What Redis keeps when it is there (sessions, rate-limit counters, idempotency keys, caches,
 * activity counters, Fedify's key–value store), for instances running without Redis. UNLOGGED:
 * no write-ahead log, so writes cost little, and like Redis without persistence the rows may be
 * lost in a crash (they are emptied then), which these duties tolerate. A row past `expires_at`
 * is ignored by every read and purged now and then.
 */
export class EphemeralState1795490073909 implements MigrationInterface {
  name = 'EphemeralState1795490073909';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE UNLOGGED TABLE ephemeral_values (
         key text PRIMARY KEY,
         value text NOT NULL,
         expires_at timestamptz
       )`,
    );
    await db.query(
      `CREATE INDEX index_ephemeral_values_on_expires_at ON ephemeral_values (expires_at)
       WHERE expires_at IS NOT NULL`,
    );
    await db.query(
      `CREATE UNLOGGED TABLE ephemeral_set_members (
         key text NOT NULL,
         member text NOT NULL,
         expires_at timestamptz,
         PRIMARY KEY (key, member)
       )`,
    );
    await db.query(
      `CREATE INDEX index_ephemeral_set_members_on_expires_at ON ephemeral_set_members (expires_at)
       WHERE expires_at IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE ephemeral_set_members`);
    await db.query(`DROP TABLE ephemeral_values`);
  }
}
