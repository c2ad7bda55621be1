import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Web Push subscriptions, one per access token (a new one replaces the old); they go with the
 * token or the user.
 */
export class WebPushSubscriptions1763701700000 implements MigrationInterface {
  name = 'WebPushSubscriptions1763701700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE web_push_subscriptions (
        id bigserial PRIMARY KEY,
        access_token_id bigint NOT NULL REFERENCES oauth_access_tokens (id) ON DELETE CASCADE,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        endpoint varchar NOT NULL,
        key_p256dh varchar NOT NULL,
        key_auth varchar NOT NULL,
        standard boolean NOT NULL DEFAULT false,
        alerts jsonb NOT NULL DEFAULT '{}'::jsonb,
        policy varchar NOT NULL DEFAULT 'all'
          CHECK (policy IN ('all', 'followed', 'follower', 'none')),
        access_token_ciphertext varchar NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE UNIQUE INDEX index_web_push_subscriptions_on_access_token_id
         ON web_push_subscriptions (access_token_id)`,
    );
    await db.query(
      `CREATE INDEX index_web_push_subscriptions_on_user_id ON web_push_subscriptions (user_id)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE web_push_subscriptions`);
  }
}
