import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Relationships between accounts: follows and follow requests (with their options), blocks,
 * mutes (optionally timed), user-level domain blocks, private notes and endorsements. Each pair
 * table is unique on (account_id, target_account_id) and indexed on target_account_id for the
 * reverse direction (followers, blocked_by, …). Row ids page the lists (Link headers).
 */
export class Relationships1763700400000 implements MigrationInterface {
  name = 'Relationships1763700400000';

  async up(db: QueryRunner): Promise<void> {
    for (const table of ['follows', 'follow_requests']) {
      await db.query(`
        CREATE TABLE ${table} (
          id bigserial PRIMARY KEY,
          account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          target_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          show_reblogs boolean NOT NULL DEFAULT true,
          notify boolean NOT NULL DEFAULT false,
          languages varchar[],
          uri varchar,
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now(),
          CHECK (account_id <> target_account_id)
        )
      `);
      await this.pairIndexes(db, table);
      await db.query(
        `CREATE UNIQUE INDEX index_${table}_on_uri ON ${table} (uri) WHERE uri IS NOT NULL`,
      );
    }

    await db.query(`
      CREATE TABLE blocks (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        target_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        uri varchar,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await this.pairIndexes(db, 'blocks');

    await db.query(`
      CREATE TABLE mutes (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        target_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        hide_notifications boolean NOT NULL DEFAULT true,
        expires_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await this.pairIndexes(db, 'mutes');
    // The expiry sweep.
    await db.query(
      `CREATE INDEX index_mutes_on_expires_at ON mutes (expires_at) WHERE expires_at IS NOT NULL`,
    );

    await db.query(`
      CREATE TABLE account_domain_blocks (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        domain varchar NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_account_domain_blocks_on_account_id_and_domain ON account_domain_blocks (account_id, domain)`,
    );

    await db.query(`
      CREATE TABLE account_notes (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        target_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        comment text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await this.pairIndexes(db, 'account_notes');

    await db.query(`
      CREATE TABLE account_pins (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        target_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await this.pairIndexes(db, 'account_pins');
  }

  private async pairIndexes(db: QueryRunner, table: string): Promise<void> {
    await db.query(
      `CREATE UNIQUE INDEX index_${table}_on_account_id_and_target_account_id ON ${table} (account_id, target_account_id)`,
    );
    await db.query(
      `CREATE INDEX index_${table}_on_target_account_id ON ${table} (target_account_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'account_pins',
      'account_notes',
      'account_domain_blocks',
      'mutes',
      'blocks',
      'follow_requests',
      'follows',
    ]) {
      await db.query(`DROP TABLE ${table}`);
    }
  }
}
