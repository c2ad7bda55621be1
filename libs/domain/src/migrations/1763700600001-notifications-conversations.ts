import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notifications (with the policy deciding which are filtered or dropped, the requests grouping
 * filtered ones by sender, and the senders a user accepted), status filters, direct-message
 * conversations per participant, and the partial indexes the public timelines read.
 *
 * A notification points at what caused it through typed columns with cascading foreign keys,
 * so undoing the activity (unfavourite, unfollow, an authorised request, an edited-away
 * mention) removes the notification with it. Soft-deleted statuses are removed by the worker
 * and never shown meanwhile.
 */
export class NotificationsConversations1763700600001 implements MigrationInterface {
  name = 'NotificationsConversations1763700600001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE notifications (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        from_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        type varchar NOT NULL,
        status_id bigint REFERENCES statuses (id) ON DELETE CASCADE,
        reblog_status_id bigint REFERENCES statuses (id) ON DELETE CASCADE,
        mention_id bigint REFERENCES mentions (id) ON DELETE CASCADE,
        favourite_id bigint REFERENCES favourites (id) ON DELETE CASCADE,
        follow_id bigint REFERENCES follows (id) ON DELETE CASCADE,
        follow_request_id bigint REFERENCES follow_requests (id) ON DELETE CASCADE,
        report_id bigint,
        group_key varchar,
        filtered boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    // The list (and unread counts), newest first, without filtered ones.
    await db.query(
      `CREATE INDEX index_notifications_on_account_id_and_id ON notifications (account_id, id DESC) WHERE filtered = false`,
    );
    // Requests: a sender's filtered notifications.
    await db.query(
      `CREATE INDEX index_notifications_filtered ON notifications (account_id, from_account_id, id DESC) WHERE filtered = true`,
    );
    await db.query(
      `CREATE INDEX index_notifications_on_account_id_and_group_key ON notifications (account_id, group_key, id DESC) WHERE group_key IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX index_notifications_on_from_account_id ON notifications (from_account_id)`,
    );
    for (const column of [
      'status_id',
      'reblog_status_id',
      'mention_id',
      'favourite_id',
      'follow_id',
      'follow_request_id',
    ]) {
      await db.query(
        `CREATE INDEX index_notifications_on_${column} ON notifications (${column}) WHERE ${column} IS NOT NULL`,
      );
    }

    // Each for_* column: 0 accept, 1 filter, 2 drop.
    await db.query(`
      CREATE TABLE notification_policies (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        for_not_following smallint NOT NULL DEFAULT 0,
        for_not_followers smallint NOT NULL DEFAULT 0,
        for_new_accounts smallint NOT NULL DEFAULT 0,
        for_private_mentions smallint NOT NULL DEFAULT 1,
        for_limited_accounts smallint NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_notification_policies_on_account_id ON notification_policies (account_id)`,
    );

    await db.query(`
      CREATE TABLE notification_requests (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        from_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        last_status_id bigint REFERENCES statuses (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_notification_requests_on_account_id_and_from_account_id ON notification_requests (account_id, from_account_id)`,
    );
    await db.query(
      `CREATE INDEX index_notification_requests_on_account_id_and_id ON notification_requests (account_id, id DESC)`,
    );
    await db.query(
      `CREATE INDEX index_notification_requests_on_from_account_id ON notification_requests (from_account_id)`,
    );

    // Senders whose notifications a user accepted (never filtered again).
    await db.query(`
      CREATE TABLE notification_permissions (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        from_account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_notification_permissions_on_pair ON notification_permissions (account_id, from_account_id)`,
    );
    await db.query(
      `CREATE INDEX index_notification_permissions_on_from_account_id ON notification_permissions (from_account_id)`,
    );

    await db.query(`
      CREATE TABLE custom_filter_statuses (
        id bigserial PRIMARY KEY,
        custom_filter_id bigint NOT NULL REFERENCES custom_filters (id) ON DELETE CASCADE,
        status_id bigint NOT NULL REFERENCES statuses (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_custom_filter_statuses_on_filter_and_status ON custom_filter_statuses (custom_filter_id, status_id)`,
    );
    await db.query(
      `CREATE INDEX index_custom_filter_statuses_on_status_id ON custom_filter_statuses (status_id)`,
    );

    // One row per participant and thread: what that participant sees in GET /conversations.
    await db.query(`
      CREATE TABLE account_conversations (
        id bigserial PRIMARY KEY,
        account_id bigint NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
        conversation_id bigint NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        participant_account_ids bigint[] NOT NULL DEFAULT '{}',
        status_ids bigint[] NOT NULL DEFAULT '{}',
        last_status_id bigint,
        unread boolean NOT NULL DEFAULT false,
        lock_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    await db.query(
      `CREATE UNIQUE INDEX index_account_conversations_unique ON account_conversations (account_id, conversation_id, participant_account_ids)`,
    );
    await db.query(
      `CREATE INDEX index_account_conversations_on_account_id_and_last_status_id ON account_conversations (account_id, last_status_id DESC) WHERE last_status_id IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX index_account_conversations_on_conversation_id ON account_conversations (conversation_id)`,
    );

    // Public timelines: newest public originals, replies only to oneself.
    const publicRows = `visibility = 0 AND deleted_at IS NULL AND reblog_of_id IS NULL
      AND (reply = false OR in_reply_to_account_id = account_id)`;
    await db.query(
      `CREATE INDEX index_statuses_public_timeline ON statuses (id DESC) WHERE ${publicRows}`,
    );
    await db.query(
      `CREATE INDEX index_statuses_local_timeline ON statuses (id DESC) WHERE ${publicRows} AND local`,
    );
    await db.query(
      `CREATE INDEX index_statuses_public_media_timeline ON statuses (id DESC)
         WHERE ${publicRows} AND cardinality(ordered_media_attachment_ids) > 0`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX index_statuses_public_media_timeline`);
    await db.query(`DROP INDEX index_statuses_local_timeline`);
    await db.query(`DROP INDEX index_statuses_public_timeline`);
    await db.query(`DROP TABLE account_conversations`);
    await db.query(`DROP TABLE custom_filter_statuses`);
    await db.query(`DROP TABLE notification_permissions`);
    await db.query(`DROP TABLE notification_requests`);
    await db.query(`DROP TABLE notification_policies`);
    await db.query(`DROP TABLE notifications`);
  }
}
