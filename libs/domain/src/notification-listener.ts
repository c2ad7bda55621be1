import { Client } from 'pg';

export interface NotificationListenerEvents {
  /** A notification arrived on the channel. */
  notification(payload: string): void;
  /** LISTEN is in force (first connection and every reconnection). */
  connected(): void;
  /** The connection was lost; notifications sent until `connected` again are missed. */
  lost(error: Error | undefined): void;
}

/** Reconnection delay after the `attempt`th failure: quick at first, then every 2 s for good. */
const reconnectDelay = (attempt: number): number => Math.min(attempt * 100, 2000);

/**
 * One PostgreSQL connection of its own that LISTENs to one channel (pub/sub without Redis),
 * outside the pool so it never holds a pooled connection. After losing it, connects and
 * LISTENs again by itself until closed.
 */
export class NotificationListener {
  private client: Client | null = null;
  private attempts = 0;
  private closed = false;
  private retry?: NodeJS.Timeout;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly events: NotificationListenerEvents,
  ) {}

  /** Whether LISTEN is in force now. */
  get connected(): boolean {
    return this.client !== null;
  }

  start(): void {
    void this.connect();
  }

  /** Resolves when the server answers on the listening connection. */
  async ping(): Promise<void> {
    if (!this.client) throw new Error('not connected');
    await this.client.query('SELECT 1');
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.url,
      application_name: 'nestodon-listener',
      keepAlive: true,
    });
    let dropped = false;
    const drop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      client.removeAllListeners('notification');
      client.on('error', () => undefined);
      void client.end().catch(() => undefined);
      if (this.client === client) {
        this.client = null;
        this.events.lost(error);
      }
      if (!this.closed) this.scheduleRetry();
    };
    client.on('error', drop);
    client.on('end', () => drop());
    client.on('notification', (message) => {
      if (message.payload !== undefined) this.events.notification(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel.replace(/"/g, '""')}"`);
    } catch (error) {
      this.attempts += 1;
      drop(error as Error);
      return;
    }
    if (dropped) return;
    if (this.closed) {
      dropped = true;
      await client.end().catch(() => undefined);
      return;
    }
    this.attempts = 0;
    this.client = client;
    this.events.connected();
  }

  private scheduleRetry(): void {
    this.retry = setTimeout(
      () => {
        this.retry = undefined;
        void this.connect();
      },
      reconnectDelay(this.attempts + 1),
    );
    this.retry.unref();
  }
}
