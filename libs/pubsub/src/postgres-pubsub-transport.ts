import { Logger, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '@nestodon/config';
import { NotificationListener, PubSubRepository } from '@nestodon/domain';
import { RedisUnavailableError } from '@nestodon/platform';
import { PubSubTransport, TransportMessageHandler } from './pubsub-transport';

/**
 * The one NOTIFY channel every message travels on, its first line naming the channels it is
 * for. One channel rather than one per pub/sub channel: PostgreSQL hands every notification of
 * a database to every listening connection and compares it with that connection's LISTEN list
 * one by one, so thousands of LISTENs per streaming process would cost the server for each
 * message, and channel names (hashtags) would have to fit 63-byte identifiers. Here each
 * process keeps one LISTEN (nothing to repeat after a reconnection) and drops what it does not
 * hold with a lookup before reading the message.
 */
export const NOTIFY_CHANNEL = 'nestodon_pubsub';
/** NOTIFY refuses payloads of 8000 bytes or more; longer messages are stored and referred to. */
const NOTIFY_PAYLOAD_LIMIT = 8000;
/** Channels named per notification, so that even a long list leaves room for the message. */
const HEADER_LIMIT = 1000;
/** How long listening waits for the connection to come up before answering "unavailable". */
const CONNECT_WAIT_MS = 2000;

/** Inline message bodies start with this, references to stored ones with REFERENCE. */
const INLINE = '=';
const REFERENCE = '@';

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

/** Channel lists whose JSON stays within HEADER_LIMIT bytes (one per notification). */
function headers(channels: string[]): string[] {
  const result: string[] = [];
  let group: string[] = [];
  for (const channel of channels) {
    if (group.length > 0 && bytes(JSON.stringify([...group, channel])) > HEADER_LIMIT) {
      result.push(JSON.stringify(group));
      group = [];
    }
    group.push(channel);
  }
  if (group.length > 0) result.push(JSON.stringify(group));
  return result;
}

/**
 * Pub/sub on PostgreSQL when Redis is not used: NOTIFY through the pool, LISTEN on one
 * connection of its own per process (reconnecting by itself), long messages in the UNLOGGED
 * `pubsub_payloads` table, markers in `pubsub_subscriptions` with an expiry. Each database is
 * its own pub/sub world, so no namespace is needed.
 */
export class PostgresPubSubTransport extends PubSubTransport implements OnApplicationShutdown {
  private readonly logger = new Logger('PubSub');
  private listener?: NotificationListener;
  private lost = false;
  private readonly held = new Set<string>();
  private handler: TransportMessageHandler = () => undefined;
  private readonly lostHandlers = new Set<() => void>();
  private readonly waiting = new Set<() => void>();
  /** Messages are handed on in the order they arrived, stored ones included. */
  private delivery: Promise<void> = Promise.resolve();

  constructor(
    private readonly config: AppConfig,
    private readonly store: PubSubRepository,
  ) {
    super();
  }

  async publish(channels: string[], text: string): Promise<void> {
    const lists = headers(channels);
    const longest = Math.max(...lists.map(bytes));
    const body =
      longest + 2 + bytes(text) < NOTIFY_PAYLOAD_LIMIT
        ? `${INLINE}${text}`
        : `${REFERENCE}${await this.store.storePayload(text)}`;
    await this.store.notify(
      NOTIFY_CHANNEL,
      lists.map((list) => `${list}\n${body}`),
    );
  }

  async listen(channel: string): Promise<void> {
    await this.ready();
    this.held.add(channel);
  }

  async unlisten(channel: string): Promise<void> {
    this.held.delete(channel);
  }

  onMessage(handler: TransportMessageHandler): void {
    this.handler = handler;
  }

  onLost(handler: () => void): void {
    this.lostHandlers.add(handler);
  }

  /** A connection still making its first connection counts as available. */
  get available(): boolean {
    return !this.lost;
  }

  async ping(): Promise<void> {
    await this.ready();
    await this.listener!.ping();
  }

  async markSubscribed(channels: string[], seconds: number): Promise<void> {
    await this.store.markSubscribed(channels, seconds);
  }

  async subscribedAmong(channels: string[]): Promise<Set<string>> {
    return new Set(await this.store.subscribedAmong(channels));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener?.close();
  }

  /** Starts the listening connection if needed and waits (briefly) until it listens. */
  private async ready(): Promise<void> {
    this.listener ??= this.startListener();
    if (this.listener.connected) return;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.delete(done);
        reject(new RedisUnavailableError('The PostgreSQL listening connection is unavailable'));
      }, CONNECT_WAIT_MS);
      this.waiting.add(done);
    });
  }

  private startListener(): NotificationListener {
    const listener = new NotificationListener(this.config.database.url, NOTIFY_CHANNEL, {
      notification: (payload) => this.receive(payload),
      connected: () => {
        if (this.lost) this.logger.log('PostgreSQL listening connection back');
        this.lost = false;
        for (const done of [...this.waiting]) done();
        this.waiting.clear();
      },
      lost: (error) => {
        this.lost = true;
        this.logger.warn(
          `PostgreSQL listening connection lost, reconnecting${error ? `: ${error.message}` : ''}`,
        );
        this.held.clear();
        for (const handler of this.lostHandlers) handler();
      },
    });
    listener.start();
    return listener;
  }

  private receive(payload: string): void {
    const newline = payload.indexOf('\n');
    if (newline < 0) return;
    let channels: unknown;
    try {
      channels = JSON.parse(payload.slice(0, newline));
    } catch {
      return;
    }
    if (!Array.isArray(channels)) return;
    const wanted = channels.filter(
      (channel): channel is string => typeof channel === 'string' && this.held.has(channel),
    );
    if (wanted.length === 0) return;
    const body = payload.slice(newline + 1);
    this.delivery = this.delivery
      .then(async () => {
        const text = body.startsWith(REFERENCE)
          ? await this.store.payload(body.slice(REFERENCE.length))
          : body.slice(INLINE.length);
        if (text === null) return;
        for (const channel of wanted) if (this.held.has(channel)) this.handler(channel, text);
      })
      .catch((error: unknown) => this.logger.warn(`pub/sub message dropped: ${String(error)}`));
  }
}
