import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Home and list feeds, and pub/sub's side tables, for running without Redis (USE_REDIS=never).
 * All UNLOGGED: feeds are rebuilt from statuses and follows when missing, and after a crash
 * PostgreSQL empties these tables together, so a "built" mark never outlives its feed; pub/sub
 * payloads and subscription markers live for minutes anyway.
 */
export class PostgresFeedsAndPubSub1795490309387 implements MigrationInterface {
  name = 'PostgresFeedsAndPubSub1795490309387';

  async up(db: QueryRunner): Promise<void> {
    // feed_type: 0 home (feed_id is the account), 1 list. reblog_tracked: this reblog stands
    // for its original among the newest entries (Redis keeps that in a second sorted set).
    await db.query(
      `CREATE UNLOGGED TABLE feed_entries (
         feed_type smallint NOT NULL,
         feed_id bigint NOT NULL,
         status_id bigint NOT NULL,
         reblog_of_id bigint,
         reblog_tracked boolean NOT NULL DEFAULT false,
         PRIMARY KEY (feed_type, feed_id, status_id)
       )`,
    );
    await db.query(
      `CREATE UNIQUE INDEX index_feed_entries_tracked_reblogs
         ON feed_entries (feed_type, feed_id, reblog_of_id) WHERE reblog_tracked`,
    );
    await db.query(
      `CREATE UNLOGGED TABLE home_feed_marks (
         account_id bigint PRIMARY KEY,
         built boolean NOT NULL DEFAULT false,
         regenerating_until timestamptz
       )`,
    );
    // Adds each (feed, status, reblogged status) in order with the rules of Redis's feed
    // script: a reblog stays out while its original, or another reblog of it, is among the
    // newest `falloff` entries; a status stays out while a reblog of it is tracked; each feed
    // keeps its newest `max_items`. Returns the pairs that went in.
    await db.query(
      `CREATE FUNCTION feed_add(
         p_type smallint, p_feeds bigint[], p_statuses bigint[], p_reblogs bigint[],
         p_max_items integer, p_falloff integer
       ) RETURNS TABLE (feed_id bigint, status_id bigint) LANGUAGE plpgsql AS $$
       #variable_conflict use_column
       DECLARE
         v_feed bigint;
         v_status bigint;
         v_reblog bigint;
         v_touched bigint[] := '{}';
       BEGIN
         FOR v_feed, v_status, v_reblog IN
           SELECT * FROM unnest(p_feeds, p_statuses, p_reblogs)
         LOOP
           IF v_reblog IS NOT NULL THEN
             CONTINUE WHEN EXISTS (
               SELECT 1 FROM feed_entries e
                WHERE e.feed_type = p_type AND e.feed_id = v_feed AND e.status_id = v_reblog
                  AND (SELECT count(*) FROM (
                         SELECT 1 FROM feed_entries n
                          WHERE n.feed_type = p_type AND n.feed_id = v_feed
                            AND n.status_id > v_reblog
                          LIMIT p_falloff) newer) < p_falloff);
           END IF;
           CONTINUE WHEN EXISTS (
             SELECT 1 FROM feed_entries e
              WHERE e.feed_type = p_type AND e.feed_id = v_feed AND e.reblog_tracked
                AND e.reblog_of_id = coalesce(v_reblog, v_status));
           -- No conflict target: a concurrent reblog of the same original is skipped too.
           INSERT INTO feed_entries AS e (feed_type, feed_id, status_id, reblog_of_id, reblog_tracked)
             VALUES (p_type, v_feed, v_status, v_reblog, v_reblog IS NOT NULL)
             ON CONFLICT DO NOTHING;
           IF FOUND THEN
             feed_id := v_feed;
             status_id := v_status;
             RETURN NEXT;
           END IF;
           -- The boundary is only looked up when the feed tracks a reblog (an index probe).
           UPDATE feed_entries e SET reblog_tracked = false
            WHERE e.feed_type = p_type AND e.feed_id = v_feed AND e.reblog_tracked
              AND e.status_id <= (
                SELECT b.status_id FROM feed_entries b
                 WHERE b.feed_type = p_type AND b.feed_id = v_feed
                 ORDER BY b.status_id DESC OFFSET p_falloff LIMIT 1);
           IF NOT v_feed = ANY (v_touched) THEN v_touched := v_touched || v_feed; END IF;
         END LOOP;
         -- Trimming older entries changes no rank among the newest, so once per feed is enough.
         FOREACH v_feed IN ARRAY v_touched LOOP
           DELETE FROM feed_entries e
            WHERE e.feed_type = p_type AND e.feed_id = v_feed AND e.status_id <= (
              SELECT o.status_id FROM feed_entries o
               WHERE o.feed_type = p_type AND o.feed_id = v_feed
               ORDER BY o.status_id DESC OFFSET p_max_items LIMIT 1);
         END LOOP;
       END
       $$`,
    );
    // Pub/sub messages too long for a NOTIFY payload (8000 bytes): notifications refer to them.
    await db.query(
      `CREATE UNLOGGED TABLE pubsub_payloads (
         id bigserial PRIMARY KEY,
         body text NOT NULL,
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await db.query(
      `CREATE INDEX index_pubsub_payloads_on_created_at ON pubsub_payloads (created_at)`,
    );
    // Channels some streaming process listens to (Redis: the subscribed:<channel> keys).
    await db.query(
      `CREATE UNLOGGED TABLE pubsub_subscriptions (
         channel text PRIMARY KEY,
         expires_at timestamptz NOT NULL
       )`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE pubsub_subscriptions`);
    await db.query(`DROP TABLE pubsub_payloads`);
    await db.query(
      `DROP FUNCTION feed_add(smallint, bigint[], bigint[], bigint[], integer, integer)`,
    );
    await db.query(`DROP TABLE home_feed_marks`);
    await db.query(`DROP TABLE feed_entries`);
  }
}
