import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The token an authorization code was exchanged for, so that a replayed code revokes it
 * (RFC 6749 §4.1.2).
 */
export class AuthorizationCodeTokens1763700900000 implements MigrationInterface {
  name = 'AuthorizationCodeTokens1763700900000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE oauth_access_grants
        ADD COLUMN access_token_id bigint REFERENCES oauth_access_tokens (id) ON DELETE SET NULL
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE oauth_access_grants DROP COLUMN access_token_id`);
  }
}
