import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statuses and everything hanging off them: conversations, counters, mentions, media
 * attachments (minimal until the media work), favourites, bookmarks, pins, conversation mutes,
 * edit history, polls and votes, scheduled statuses, custom emojis. Local and remote rows share
 * each table; statuses keep `uri`/`url` for federation and are soft-deleted (`deleted_at`).
 */
export class Statuses1763700500000 implements MigrationInterface {
  name = 'Statuses1763700500000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE conversations (
        id bigserial PRIMARY KEY,
        uri varchar,
        parent_status_id bigint,
        parent_account_id bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_conversations_on_uri ON conversations (uri) WHERE uri IS NOT NULL`,
    );

    // visibility: 0 public, 1 unlisted, 2 private, 3 direct, 4 limited (Mastodon's values).
    await db.query(`CREATE SEQUENCE statuses_id_seq`);
    await db.query(`
      CREATE TABLE statuses (
        id bigint PRIMARY KEY DEFAULT timestamp_id('statuses'),
        uri varchar,
        url varchar,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        text text NOT NULL DEFAULT '',
        content_html text,
        spoiler_text text NOT NULL DEFAULT '',
        sensitive boolean NOT NULL DEFAULT false,
        visibility smallint NOT NULL DEFAULT 0 CHECK (visibility BETWEEN 0 AND 4),
        language varchar,
        reply boolean NOT NULL DEFAULT false,
        in_reply_to_id bigint REFERENCES statuses (id) ON DELETE SET NULL,
        in_reply_to_account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
        reblog_of_id bigint REFERENCES statuses (id) ON DELETE CASCADE,
        conversation_id bigint REFERENCES conversations (id) ON DELETE SET NULL,
        local boolean NOT NULL DEFAULT false,
        application_id bigint REFERENCES oauth_applications (id) ON DELETE SET NULL,
        poll_id bigint,
        ordered_media_attachment_ids bigint[],
        edited_at timestamptz,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`ALTER SEQUENCE statuses_id_seq OWNED BY statuses.id`);
    // An account's statuses, newest first (profile, account statuses API, pins, redraft).
    await db.query(
      `CREATE INDEX index_statuses_on_account_id_and_id ON statuses (account_id, id DESC) WHERE deleted_at IS NULL`,
    );
    // Thread walking (context, replies) and reply counters.
    await db.query(
      `CREATE INDEX index_statuses_on_in_reply_to_id ON statuses (in_reply_to_id) WHERE in_reply_to_id IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX index_statuses_on_in_reply_to_account_id ON statuses (in_reply_to_account_id) WHERE in_reply_to_account_id IS NOT NULL`,
    );
    // One live reblog per account and status (also reblogged_by and removal of reblogs).
    await db.query(
      `CREATE UNIQUE INDEX index_statuses_on_reblog_of_id_and_account_id ON statuses (reblog_of_id, account_id) WHERE reblog_of_id IS NOT NULL AND deleted_at IS NULL`,
    );
    await db.query(
      `CREATE INDEX index_statuses_on_reblog_of_id ON statuses (reblog_of_id) WHERE reblog_of_id IS NOT NULL`,
    );
    await db.query(
      `CREATE UNIQUE INDEX index_statuses_on_uri ON statuses (uri) WHERE uri IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX index_statuses_on_conversation_id ON statuses (conversation_id) WHERE conversation_id IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX index_statuses_on_deleted_at ON statuses (deleted_at) WHERE deleted_at IS NOT NULL`,
    );

    await db.query(`
      CREATE TABLE status_stats (
        status_id bigint PRIMARY KEY REFERENCES statuses (id) ON DELETE CASCADE,
        replies_count bigint NOT NULL DEFAULT 0,
        reblogs_count bigint NOT NULL DEFAULT 0,
        favourites_count bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);

    await db.query(`
      CREATE TABLE mentions (
        id bigserial PRIMARY KEY,
        status_id bigint NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        silent boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_mentions_on_account_id_and_status_id ON mentions (account_id, status_id)`,
    );
    await db.query(`CREATE INDEX index_mentions_on_status_id ON mentions (status_id)`);

    await db.query(`
      CREATE TABLE scheduled_statuses (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        scheduled_at timestamptz NOT NULL,
        params jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE INDEX index_scheduled_statuses_on_account_id_and_id ON scheduled_statuses (account_id, id DESC)`,
    );
    await db.query(
      `CREATE INDEX index_scheduled_statuses_on_account_id_and_scheduled_at ON scheduled_statuses (account_id, scheduled_at)`,
    );
    await db.query(
      `CREATE INDEX index_scheduled_statuses_on_scheduled_at ON scheduled_statuses (scheduled_at)`,
    );

    // type: image, gifv, video, audio, unknown. File columns are refined by the media work.
    await db.query(`CREATE SEQUENCE media_attachments_id_seq`);
    await db.query(`
      CREATE TABLE media_attachments (
        id bigint PRIMARY KEY DEFAULT timestamp_id('media_attachments'),
        account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
        status_id bigint REFERENCES statuses (id) ON DELETE SET NULL,
        scheduled_status_id bigint REFERENCES scheduled_statuses (id) ON DELETE SET NULL,
        type varchar NOT NULL DEFAULT 'image'
          CHECK (type IN ('image', 'gifv', 'video', 'audio', 'unknown')),
        file_file_name varchar,
        file_content_type varchar,
        file_file_size bigint,
        remote_url varchar NOT NULL DEFAULT '',
        description text,
        meta jsonb,
        blurhash varchar,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`ALTER SEQUENCE media_attachments_id_seq OWNED BY media_attachments.id`);
    await db.query(
      `CREATE INDEX index_media_attachments_on_account_id_and_status_id ON media_attachments (account_id, status_id)`,
    );
    await db.query(
      `CREATE INDEX index_media_attachments_on_status_id ON media_attachments (status_id) WHERE status_id IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX index_media_attachments_on_scheduled_status_id ON media_attachments (scheduled_status_id) WHERE scheduled_status_id IS NOT NULL`,
    );

    for (const table of ['favourites', 'bookmarks']) {
      await db.query(`
        CREATE TABLE ${table} (
          id bigserial PRIMARY KEY,
          account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
          status_id bigint NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
          created_at timestamptz NOT NULL DEFAULT now(),
          updated_at timestamptz NOT NULL DEFAULT now()
        )
      `);
      await db.query(
        `CREATE UNIQUE INDEX index_${table}_on_account_id_and_status_id ON ${table} (account_id, status_id)`,
      );
      // The viewer's list (GET /api/v1/favourites, /bookmarks), paged by row id.
      await db.query(
        `CREATE INDEX index_${table}_on_account_id_and_id ON ${table} (account_id, id DESC)`,
      );
      // Who favourited a status, paged by row id; removal with the status.
      await db.query(
        `CREATE INDEX index_${table}_on_status_id_and_id ON ${table} (status_id, id DESC)`,
      );
    }

    await db.query(`
      CREATE TABLE status_pins (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        status_id bigint NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_status_pins_on_account_id_and_status_id ON status_pins (account_id, status_id)`,
    );
    await db.query(`CREATE INDEX index_status_pins_on_status_id ON status_pins (status_id)`);

    await db.query(`
      CREATE TABLE conversation_mutes (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        conversation_id bigint NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_conversation_mutes_on_account_id_and_conversation_id ON conversation_mutes (account_id, conversation_id)`,
    );
    await db.query(
      `CREATE INDEX index_conversation_mutes_on_conversation_id ON conversation_mutes (conversation_id)`,
    );

    await db.query(`
      CREATE TABLE status_edits (
        id bigserial PRIMARY KEY,
        status_id bigint NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
        account_id bigint REFERENCES accounts (id) ON DELETE SET NULL,
        text text NOT NULL DEFAULT '',
        content_html text,
        spoiler_text text NOT NULL DEFAULT '',
        sensitive boolean NOT NULL DEFAULT false,
        language varchar,
        ordered_media_attachment_ids bigint[],
        media_descriptions text[],
        poll_options varchar[],
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE INDEX index_status_edits_on_status_id_and_id ON status_edits (status_id, id)`,
    );
    await db.query(
      `CREATE INDEX index_status_edits_on_account_id ON status_edits (account_id) WHERE account_id IS NOT NULL`,
    );

    // closed_at: when the worker processed the expiry (notifications go out once).
    await db.query(`
      CREATE TABLE polls (
        id bigserial PRIMARY KEY,
        account_id bigint REFERENCES accounts (id) ON DELETE CASCADE,
        status_id bigint REFERENCES statuses (id) ON DELETE CASCADE,
        expires_at timestamptz,
        options varchar[] NOT NULL DEFAULT '{}',
        cached_tallies bigint[] NOT NULL DEFAULT '{}',
        multiple boolean NOT NULL DEFAULT false,
        hide_totals boolean NOT NULL DEFAULT false,
        votes_count bigint NOT NULL DEFAULT 0,
        voters_count bigint,
        closed_at timestamptz,
        last_fetched_at timestamptz,
        lock_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(`CREATE INDEX index_polls_on_status_id ON polls (status_id)`);
    await db.query(`CREATE INDEX index_polls_on_account_id ON polls (account_id)`);
    await db.query(
      `CREATE INDEX index_polls_on_expires_at_open ON polls (expires_at) WHERE closed_at IS NULL AND expires_at IS NOT NULL`,
    );
    await db.query(
      `ALTER TABLE statuses ADD CONSTRAINT fk_statuses_poll_id FOREIGN KEY (poll_id) REFERENCES polls (id) ON DELETE SET NULL`,
    );
    await db.query(
      `CREATE INDEX index_statuses_on_poll_id ON statuses (poll_id) WHERE poll_id IS NOT NULL`,
    );

    await db.query(`
      CREATE TABLE poll_votes (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        poll_id bigint NOT NULL REFERENCES polls (id) ON DELETE CASCADE,
        choice integer NOT NULL,
        uri varchar,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_poll_votes_on_poll_id_and_account_id_and_choice ON poll_votes (poll_id, account_id, choice)`,
    );
    await db.query(`CREATE INDEX index_poll_votes_on_account_id ON poll_votes (account_id)`);

    await db.query(`
      CREATE TABLE custom_emojis (
        id bigserial PRIMARY KEY,
        shortcode varchar NOT NULL,
        domain varchar,
        uri varchar,
        image_file_name varchar,
        image_content_type varchar,
        image_remote_url varchar,
        visible_in_picker boolean NOT NULL DEFAULT true,
        disabled boolean NOT NULL DEFAULT false,
        category varchar,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_custom_emojis_on_shortcode_and_domain ON custom_emojis (shortcode, COALESCE(domain, ''))`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE custom_emojis`);
    await db.query(`DROP TABLE poll_votes`);
    await db.query(`ALTER TABLE statuses DROP CONSTRAINT fk_statuses_poll_id`);
    await db.query(`DROP TABLE polls`);
    await db.query(`DROP TABLE status_edits`);
    await db.query(`DROP TABLE conversation_mutes`);
    await db.query(`DROP TABLE status_pins`);
    await db.query(`DROP TABLE bookmarks`);
    await db.query(`DROP TABLE favourites`);
    await db.query(`DROP TABLE media_attachments`);
    await db.query(`DROP TABLE scheduled_statuses`);
    await db.query(`DROP TABLE mentions`);
    await db.query(`DROP TABLE status_stats`);
    await db.query(`DROP TABLE statuses`);
    await db.query(`DROP TABLE conversations`);
  }
}
