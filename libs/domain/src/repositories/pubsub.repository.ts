import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** How long a stored payload waits for its subscribers to read it. */
const PAYLOAD_LIFETIME = '1 minute';

/**
 * The writing half of pub/sub on PostgreSQL (USE_REDIS=never): NOTIFY, payloads too long for a
 * notification, and the markers of channels someone listens to. The listening half is
 * NotificationListener, on a connection of its own.
 */
@Injectable()
export class PubSubRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Sends each payload as a notification on `channel`, in one statement. */
  async notify(channel: string, payloads: string[]): Promise<void> {
    if (payloads.length === 0) return;
    await this.dataSource.query(`SELECT pg_notify($1, payload) FROM unnest($2::text[]) payload`, [
      channel,
      payloads,
    ]);
  }

  /** Keeps a long payload for a minute (removing expired ones); returns its id. */
  async storePayload(body: string): Promise<string> {
    const [row]: Array<{ id: string }> = await this.dataSource.query(
      `WITH expired AS (
         DELETE FROM pubsub_payloads WHERE created_at < now() - interval '${PAYLOAD_LIFETIME}'
       )
       INSERT INTO pubsub_payloads (body) VALUES ($1) RETURNING id::text`,
      [body],
    );
    return row.id;
  }

  /** A stored payload, or null once it expired. */
  async payload(id: string): Promise<string | null> {
    const rows: Array<{ body: string }> = await this.dataSource.query(
      `SELECT body FROM pubsub_payloads WHERE id = $1`,
      [id],
    );
    return rows[0]?.body ?? null;
  }

  /**
   * Marks channels listened to for `seconds` from now; drops other expired marks on the way
   * (not these: one statement may not both delete and update a row).
   */
  async markSubscribed(channels: string[], seconds: number): Promise<void> {
    if (channels.length === 0) return;
    await this.dataSource.query(
      `WITH expired AS (
         DELETE FROM pubsub_subscriptions WHERE expires_at < now() AND channel <> ALL ($1)
       )
       INSERT INTO pubsub_subscriptions (channel, expires_at)
       SELECT DISTINCT channel, now() + make_interval(secs => $2) FROM unnest($1::text[]) channel
       ON CONFLICT (channel) DO UPDATE SET expires_at = EXCLUDED.expires_at`,
      [channels, seconds],
    );
  }

  /** Which of `channels` are marked as listened to now. */
  async subscribedAmong(channels: string[]): Promise<string[]> {
    if (channels.length === 0) return [];
    const rows: Array<{ channel: string }> = await this.dataSource.query(
      `SELECT channel FROM pubsub_subscriptions WHERE channel = ANY ($1) AND expires_at > now()`,
      [channels],
    );
    return rows.map((row) => row.channel);
  }
}
