import { MigrationInterface, QueryRunner } from 'typeorm';

/** OAuth applications, grants and tokens (secrets stored as SHA-256), roles, invites. */
export class OAuthRolesInvites1763700000001 implements MigrationInterface {
  name = 'OAuthRolesInvites1763700000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE user_roles (
        id bigserial PRIMARY KEY,
        name varchar NOT NULL DEFAULT '',
        color varchar NOT NULL DEFAULT '',
        position integer NOT NULL DEFAULT 0,
        permissions bigint NOT NULL DEFAULT 0,
        highlighted boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    // Mastodon's built-in roles: the implicit everyone role (-99, may invite) and the staff roles.
    // Permissions are the bitmask of libs/domain/src/permissions.ts as of this migration.
    await db.query(`
      INSERT INTO user_roles (id, name, position, permissions, highlighted) VALUES
        (-99, '', -1, 65536, false),
        (1, 'Moderator', 10, 1308, true),
        (2, 'Admin', 100, 8388606, true),
        (3, 'Owner', 1000, 1, true)
    `);
    await db.query(`SELECT setval('user_roles_id_seq', 3)`);

    await db.query(`
      CREATE TABLE oauth_applications (
        id bigserial PRIMARY KEY,
        name varchar NOT NULL,
        uid varchar NOT NULL,
        secret_digest varchar NOT NULL,
        redirect_uri text NOT NULL,
        scopes varchar NOT NULL DEFAULT 'read',
        website varchar,
        confidential boolean NOT NULL DEFAULT true,
        superapp boolean NOT NULL DEFAULT false,
        owner_user_id bigint REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_oauth_applications_on_uid ON oauth_applications (uid)`,
    );

    await db.query(`
      CREATE TABLE oauth_access_grants (
        id bigserial PRIMARY KEY,
        token_digest varchar NOT NULL,
        expires_in integer NOT NULL,
        redirect_uri text NOT NULL,
        scopes varchar NOT NULL DEFAULT '',
        code_challenge varchar,
        code_challenge_method varchar,
        application_id bigint NOT NULL REFERENCES oauth_applications (id) ON DELETE CASCADE,
        resource_owner_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_oauth_access_grants_on_token_digest ON oauth_access_grants (token_digest)`,
    );
    await db.query(
      `CREATE INDEX index_oauth_access_grants_on_resource_owner_id ON oauth_access_grants (resource_owner_id)`,
    );

    await db.query(`
      CREATE TABLE oauth_access_tokens (
        id bigserial PRIMARY KEY,
        token_digest varchar NOT NULL,
        refresh_token_digest varchar,
        expires_in integer,
        scopes varchar NOT NULL DEFAULT '',
        application_id bigint REFERENCES oauth_applications (id) ON DELETE CASCADE,
        resource_owner_id bigint REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        last_used_at timestamptz,
        last_used_ip inet
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_oauth_access_tokens_on_token_digest ON oauth_access_tokens (token_digest)`,
    );
    await db.query(
      `CREATE UNIQUE INDEX index_oauth_access_tokens_on_refresh_token_digest ON oauth_access_tokens (refresh_token_digest) WHERE refresh_token_digest IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX index_oauth_access_tokens_on_resource_owner_id ON oauth_access_tokens (resource_owner_id)`,
    );
    await db.query(
      `CREATE INDEX index_oauth_access_tokens_on_application_id ON oauth_access_tokens (application_id)`,
    );

    await db.query(`
      CREATE TABLE invites (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code varchar NOT NULL,
        expires_at timestamptz,
        max_uses integer,
        uses integer NOT NULL DEFAULT 0,
        autofollow boolean NOT NULL DEFAULT false,
        comment text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`CREATE UNIQUE INDEX index_invites_on_code ON invites (code)`);

    await db.query(`
      ALTER TABLE users
        ADD CONSTRAINT fk_users_role_id FOREIGN KEY (role_id) REFERENCES user_roles (id) ON DELETE SET NULL,
        ADD COLUMN confirmation_token_digest varchar,
        ADD COLUMN confirmation_sent_at timestamptz,
        ADD COLUMN agreement boolean NOT NULL DEFAULT false,
        ADD COLUMN sign_up_reason text,
        ADD COLUMN created_by_application_id bigint REFERENCES oauth_applications (id) ON DELETE SET NULL,
        ADD COLUMN invite_id bigint REFERENCES invites (id) ON DELETE SET NULL
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_users_on_confirmation_token_digest ON users (confirmation_token_digest) WHERE confirmation_token_digest IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX index_users_on_role_id ON users (role_id) WHERE role_id IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE users
        DROP CONSTRAINT fk_users_role_id,
        DROP COLUMN confirmation_token_digest,
        DROP COLUMN confirmation_sent_at,
        DROP COLUMN agreement,
        DROP COLUMN sign_up_reason,
        DROP COLUMN created_by_application_id,
        DROP COLUMN invite_id
    `);
    await db.query(`DROP TABLE invites`);
    await db.query(`DROP TABLE oauth_access_tokens`);
    await db.query(`DROP TABLE oauth_access_grants`);
    await db.query(`DROP TABLE oauth_applications`);
    await db.query(`DROP TABLE user_roles`);
  }
}
