import { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(db: QueryRunner): Promise<void> {
    // Snowflake ids: ms << 16 | 16 bits from the table's sequence, offset by a hash of the table
    // and millisecond so the low bits do not reveal how many rows were created.
    await db.query(`
      CREATE FUNCTION timestamp_id(table_name text) RETURNS bigint
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        time_part bigint;
        tail bigint;
      BEGIN
        time_part := (date_part('epoch', clock_timestamp()) * 1000)::bigint;
        tail := (('x' || substr(md5(table_name || time_part::text), 1, 4))::bit(16)::bigint
                 + nextval(table_name || '_id_seq')) & 65535;
        RETURN (time_part << 16) | tail;
      END
      $$;
    `);

    await db.query(`CREATE SEQUENCE accounts_id_seq`);
    await db.query(`
      CREATE TABLE accounts (
        id bigint PRIMARY KEY DEFAULT timestamp_id('accounts'),
        username varchar NOT NULL,
        domain varchar,
        display_name varchar NOT NULL DEFAULT '',
        note text NOT NULL DEFAULT '',
        uri varchar,
        url varchar,
        inbox_url varchar,
        outbox_url varchar,
        shared_inbox_url varchar,
        followers_url varchar,
        following_url varchar,
        featured_collection_url varchar,
        actor_type varchar NOT NULL DEFAULT 'Person',
        public_key text NOT NULL DEFAULT '',
        private_key text,
        locked boolean NOT NULL DEFAULT false,
        discoverable boolean,
        indexable boolean NOT NULL DEFAULT false,
        hide_collections boolean,
        memorial boolean NOT NULL DEFAULT false,
        fields jsonb NOT NULL DEFAULT '[]'::jsonb,
        avatar_file_name varchar,
        avatar_remote_url varchar,
        header_file_name varchar,
        header_remote_url varchar,
        suspended_at timestamptz,
        silenced_at timestamptz,
        sensitized_at timestamptz,
        moved_to_account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
        last_webfingered_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`ALTER SEQUENCE accounts_id_seq OWNED BY accounts.id`);
    await db.query(
      `CREATE UNIQUE INDEX index_accounts_on_username_and_domain_lower
         ON accounts (lower(username), COALESCE(lower(domain), ''))`,
    );
    await db.query(
      `CREATE UNIQUE INDEX index_accounts_on_uri ON accounts (uri) WHERE uri IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX index_accounts_on_domain ON accounts (domain) WHERE domain IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX index_accounts_on_moved_to_account_id ON accounts (moved_to_account_id) WHERE moved_to_account_id IS NOT NULL`,
    );

    await db.query(`
      CREATE TABLE users (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        email varchar NOT NULL,
        encrypted_password varchar NOT NULL DEFAULT '',
        locale varchar,
        chosen_languages varchar[],
        confirmed_at timestamptz,
        unconfirmed_email varchar,
        approved boolean NOT NULL DEFAULT true,
        disabled boolean NOT NULL DEFAULT false,
        role_id bigint,
        sign_up_ip inet,
        current_sign_in_at timestamptz,
        last_sign_in_at timestamptz,
        settings jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`CREATE UNIQUE INDEX index_users_on_account_id ON users (account_id)`);
    await db.query(`CREATE UNIQUE INDEX index_users_on_email_lower ON users (lower(email))`);
    await db.query(`CREATE INDEX index_users_on_current_sign_in_at ON users (current_sign_in_at)`);

    await db.query(`
      CREATE TABLE rules (
        id bigserial PRIMARY KEY,
        text text NOT NULL,
        hint text NOT NULL DEFAULT '',
        priority integer NOT NULL DEFAULT 0,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE rules`);
    await db.query(`DROP TABLE users`);
    await db.query(`DROP TABLE accounts`);
    await db.query(`DROP FUNCTION timestamp_id(text)`);
  }
}
