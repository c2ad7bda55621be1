import { isConnectionLost, RedisService } from '@nestodon/platform';
import type Redis from 'ioredis';
import { subscribedMarker } from './channels';
import { PubSubTransport, TransportMessageHandler } from './pubsub-transport';

/**
 * Pub/sub on Redis (the production default): PUBLISH from the shared client, one subscriber
 * connection per process, markers as `subscribed:<channel>` keys with a TTL. Channels carry
 * the namespace, as keys do.
 */
export class RedisPubSubTransport extends PubSubTransport {
  private connection?: Redis;
  private handler: TransportMessageHandler = () => undefined;
  private readonly lostHandlers = new Set<() => void>();

  constructor(private readonly redis: RedisService) {
    super();
  }

  async publish(channels: string[], text: string): Promise<void> {
    const pipeline = this.redis.client.pipeline();
    // ioredis applies keyPrefix to keys only, so the namespace is added to channels here.
    for (const channel of channels) pipeline.publish(`${this.redis.namespace}${channel}`, text);
    await pipeline.exec();
  }

  async listen(channel: string): Promise<void> {
    await this.subscriber.subscribe(`${this.redis.namespace}${channel}`);
  }

  async unlisten(channel: string): Promise<void> {
    await this.subscriber.unsubscribe(`${this.redis.namespace}${channel}`);
  }

  onMessage(handler: TransportMessageHandler): void {
    this.handler = handler;
  }

  onLost(handler: () => void): void {
    this.lostHandlers.add(handler);
  }

  /** A connection still making its first connection counts as available. */
  get available(): boolean {
    return !this.connection || !isConnectionLost(this.connection);
  }

  async ping(): Promise<void> {
    await this.subscriber.ping();
  }

  async markSubscribed(channels: string[], seconds: number): Promise<void> {
    const pipeline = this.redis.client.pipeline();
    for (const channel of channels) pipeline.set(subscribedMarker(channel), '1', 'EX', seconds);
    await pipeline.exec();
  }

  async subscribedAmong(channels: string[]): Promise<Set<string>> {
    const markers = await this.redis.client.mget(channels.map(subscribedMarker));
    return new Set(channels.filter((_, index) => markers[index] !== null));
  }

  private get subscriber(): Redis {
    if (!this.connection) {
      // Nothing but (un)subscribe may run on this connection: a SUBSCRIBE sent while ioredis
      // is still connecting would make its ready check and client-info commands fail.
      const connection = this.redis.connection(
        {
          enableReadyCheck: false,
          disableClientInfo: true,
          // Subscriptions die with a lost connection; listeners are told instead (onLost).
          autoResubscribe: false,
          failFast: true,
          // Named, so an operator (or a test) can tell it apart in CLIENT LIST.
          connectionName: `${this.redis.namespace}subscriber`,
        },
        'subscriber',
      );
      connection.on('message', (fullChannel: string, text: string) =>
        this.handler(fullChannel.slice(this.redis.namespace.length), text),
      );
      let connected = false;
      connection.on('ready', () => (connected = true));
      connection.on('close', () => {
        if (!connected) return;
        connected = false;
        for (const handler of this.lostHandlers) handler();
      });
      this.connection = connection;
    }
    return this.connection;
  }
}
