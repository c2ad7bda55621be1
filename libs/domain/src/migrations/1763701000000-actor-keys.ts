import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keys for federation. Accounts already keep an RSA pair (`public_key`, `private_key`, PEM) for
 * HTTP Signatures; they gain an Ed25519 pair for Object Integrity Proofs (FEP-8b32), which
 * remote accounts publish too (assertionMethod). The instance actor (`/actor`, which signs our
 * fetches) is no account: its two pairs live in a one-row table. Local accounts created before
 * this migration get their missing keys on first use, not here: generating RSA keys for every
 * account would make the migration as slow as the instance is large.
 */
export class ActorKeys1763701000000 implements MigrationInterface {
  name = 'ActorKeys1763701000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE accounts
        ADD COLUMN ed25519_public_key text,
        ADD COLUMN ed25519_private_key text
    `);
    await db.query(`
      CREATE TABLE instance_actor_keys (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        public_key text NOT NULL,
        private_key text NOT NULL,
        ed25519_public_key text NOT NULL,
        ed25519_private_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE instance_actor_keys`);
    await db.query(`
      ALTER TABLE accounts DROP COLUMN ed25519_public_key, DROP COLUMN ed25519_private_key
    `);
  }
}
