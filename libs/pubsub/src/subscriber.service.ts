import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';
import type Redis from 'ioredis';
import {
  StreamMessage,
  isGatedChannel,
  SUBSCRIBED_MARKER_REFRESH_MS,
  SUBSCRIBED_MARKER_TTL_SECONDS,
  subscribedMarker,
} from './channels';

export type MessageHandler = (message: StreamMessage, channel: string) => void;

/**
 * One subscriber connection per process and one Redis subscription per channel, however many
 * listeners it has (reference-counted): N streaming replicas each hold only the channels of
 * their own clients. While it listens to a gated channel it keeps that channel's
 * `subscribed:` marker alive, so publishers send to it.
 */
/** ioredis states of a connection that was lost and is not back yet. */
const LOST_STATES = new Set(['close', 'reconnecting', 'end']);

@Injectable()
export class SubscriberService implements OnApplicationShutdown {
  private readonly logger = new Logger(SubscriberService.name);
  private connection?: Redis;
  private readonly listeners = new Map<string, Set<MessageHandler>>();
  private readonly lostHandlers = new Set<() => void>();
  private markerRefresh?: NodeJS.Timeout;
  /** The last message text and what it parsed to: one post published to many channels. */
  private lastText = '';
  private lastMessage: StreamMessage | null = null;

  constructor(private readonly redis: RedisService) {}

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
        },
        'subscriber',
      );
      connection.on('message', (fullChannel: string, text: string) =>
        this.dispatch(fullChannel.slice(this.redis.namespace.length), text),
      );
      let connected = false;
      connection.on('ready', () => (connected = true));
      connection.on('close', () => {
        if (!connected) return;
        connected = false;
        this.lose();
      });
      this.connection = connection;
    }
    return this.connection;
  }

  /**
   * Calls `handler` when the connection is lost: every subscription is gone by then, and
   * nothing more arrives on them; subscribe again once Redis is back.
   */
  onLost(handler: () => void): void {
    this.lostHandlers.add(handler);
  }

  private lose(): void {
    this.logger.warn(`subscriptions to ${this.listeners.size} channels lost with Redis`);
    this.listeners.clear();
    for (const handler of this.lostHandlers) handler();
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>> {
    let handlers = this.listeners.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.listeners.set(channel, handlers);
      try {
        if (isGatedChannel(channel)) await this.markSubscribed([channel]);
        await this.subscriber.subscribe(`${this.redis.namespace}${channel}`);
      } catch (error) {
        // The next subscriber to the channel tries again.
        if (this.listeners.get(channel) === handlers) this.listeners.delete(channel);
        throw error;
      }
    }
    handlers.add(handler);
    let subscribed = true;
    return async () => {
      if (!subscribed) return;
      subscribed = false;
      handlers.delete(handler);
      if (handlers.size === 0 && this.listeners.get(channel) === handlers) {
        this.listeners.delete(channel);
        await this.subscriber.unsubscribe(`${this.redis.namespace}${channel}`);
      }
    };
  }

  /**
   * False while the subscriber connection is lost and not back yet. A connection still making
   * its first connection counts as available: the streams opened meanwhile subscribe once it is up.
   */
  get available(): boolean {
    return !this.connection || !LOST_STATES.has(this.connection.status);
  }

  /** Resolves when Redis answers on the subscriber connection (readiness of the streaming process). */
  async ping(): Promise<void> {
    await this.subscriber.ping();
  }

  onApplicationShutdown(): void {
    if (this.markerRefresh) clearInterval(this.markerRefresh);
    this.listeners.clear();
  }

  private dispatch(channel: string, text: string): void {
    const handlers = this.listeners.get(channel);
    if (!handlers) return;
    let message: StreamMessage | null;
    if (text === this.lastText) {
      message = this.lastMessage;
    } else {
      try {
        message = JSON.parse(text) as StreamMessage;
      } catch {
        message = null;
      }
      this.lastText = text;
      this.lastMessage = message;
    }
    if (!message || typeof message.event !== 'string') return;
    for (const handler of handlers) handler(message, channel);
  }

  /** Sets the markers now and keeps every held gated channel's marker alive from then on. */
  private async markSubscribed(channels: string[]): Promise<void> {
    const pipeline = this.redis.client.pipeline();
    for (const channel of channels) {
      pipeline.set(subscribedMarker(channel), '1', 'EX', SUBSCRIBED_MARKER_TTL_SECONDS);
    }
    await pipeline.exec();
    this.markerRefresh ??= setInterval(() => {
      const held = [...this.listeners.keys()].filter(isGatedChannel);
      if (held.length) {
        this.markSubscribed(held).catch((error: unknown) =>
          this.logger.warn(`subscribed markers not refreshed: ${String(error)}`),
        );
      }
    }, SUBSCRIBED_MARKER_REFRESH_MS).unref();
  }
}
