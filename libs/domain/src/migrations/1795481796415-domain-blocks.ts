import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Instance-level domain blocks (a whole server silenced, suspended or only media-rejected) and
 * domain allows (the servers federated with in limited federation mode). One row per domain;
 * a block covers subdomains too.
 */
export class DomainBlocks1795481796415 implements MigrationInterface {
  name = 'DomainBlocks1795481796415';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE domain_blocks (
        id bigserial PRIMARY KEY,
        domain varchar NOT NULL,
        severity varchar NOT NULL DEFAULT 'silence' CHECK (severity IN ('silence', 'suspend', 'noop')),
        reject_media boolean NOT NULL DEFAULT false,
        reject_reports boolean NOT NULL DEFAULT false,
        private_comment text,
        public_comment text,
        obfuscate boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX index_domain_blocks_on_domain ON domain_blocks (domain)`);
    await db.query(`
      CREATE TABLE domain_allows (
        id bigserial PRIMARY KEY,
        domain varchar NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE UNIQUE INDEX index_domain_allows_on_domain ON domain_allows (domain)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE domain_allows`);
    await db.query(`DROP TABLE domain_blocks`);
  }
}
