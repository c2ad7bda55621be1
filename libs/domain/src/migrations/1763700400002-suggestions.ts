import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Inputs of follow suggestions: interaction scores between accounts (fed by replies,
 * favourites and reblogs), dismissed suggestions, and the accounts staff recommend to everyone
 * (auto-followed at sign-up).
 */
export class Suggestions1763700400002 implements MigrationInterface {
  name = 'Suggestions1763700400002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE account_interactions (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        target_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        score integer NOT NULL DEFAULT 0,
        last_interacted_at timestamptz NOT NULL DEFAULT now(),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_account_interactions_on_account_id_and_target_account_id ON account_interactions (account_id, target_account_id)`,
    );
    await db.query(
      `CREATE INDEX index_account_interactions_on_target_account_id ON account_interactions (target_account_id)`,
    );

    await db.query(`
      CREATE TABLE follow_recommendation_suppressions (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        target_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_follow_recommendation_suppressions_on_pair ON follow_recommendation_suppressions (account_id, target_account_id)`,
    );

    await db.query(`
      CREATE TABLE recommended_accounts (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_recommended_accounts_on_account_id ON recommended_accounts (account_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE recommended_accounts`);
    await db.query(`DROP TABLE follow_recommendation_suppressions`);
    await db.query(`DROP TABLE account_interactions`);
  }
}
