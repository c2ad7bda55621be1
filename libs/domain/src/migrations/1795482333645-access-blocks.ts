import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Blocks on who may sign up and connect: e-mail domains, canonical e-mail addresses (a hash of
 * the normalised address) and IP ranges.
 */
export class AccessBlocks1795482333645 implements MigrationInterface {
  name = 'AccessBlocks1795482333645';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE email_domain_blocks (
        id bigserial PRIMARY KEY,
        domain varchar NOT NULL,
        allow_with_approval boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX index_email_domain_blocks_on_domain ON email_domain_blocks (domain)`,
    );
    await db.query(`
      CREATE TABLE canonical_email_blocks (
        id bigserial PRIMARY KEY,
        canonical_email_hash varchar NOT NULL,
        reference_account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX index_canonical_email_blocks_on_hash
         ON canonical_email_blocks (canonical_email_hash)`,
    );
    await db.query(`
      CREATE TABLE ip_blocks (
        id bigserial PRIMARY KEY,
        ip inet NOT NULL,
        severity varchar NOT NULL
          CHECK (severity IN ('sign_up_requires_approval', 'sign_up_block', 'no_access')),
        comment text NOT NULL DEFAULT '',
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX index_ip_blocks_on_ip ON ip_blocks (ip)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE ip_blocks`);
    await db.query(`DROP TABLE canonical_email_blocks`);
    await db.query(`DROP TABLE email_domain_blocks`);
  }
}
