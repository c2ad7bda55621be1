import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import {
  StreamMessage,
  isGatedChannel,
  SUBSCRIBED_MARKER_REFRESH_MS,
  SUBSCRIBED_MARKER_TTL_SECONDS,
} from './channels';
import { PubSubTransport } from './pubsub-transport';

export type MessageHandler = (message: StreamMessage, channel: string) => void;

/**
 * One listening connection per process (the transport's) and one subscription per channel,
 * however many listeners it has (reference-counted): N streaming replicas each hold only the
 * channels of their own clients. While it listens to a gated channel it keeps that channel's
 * `subscribed:` marker alive, so publishers send to it.
 */
@Injectable()
export class SubscriberService implements OnApplicationShutdown {
  private readonly logger = new Logger(SubscriberService.name);
  private readonly listeners = new Map<string, Set<MessageHandler>>();
  private readonly lostHandlers = new Set<() => void>();
  private markerRefresh?: NodeJS.Timeout;
  /** The last message text and what it parsed to: one post published to many channels. */
  private lastText = '';
  private lastMessage: StreamMessage | null = null;

  constructor(private readonly transport: PubSubTransport) {
    transport.onMessage((channel, text) => this.dispatch(channel, text));
    transport.onLost(() => this.lose());
  }

  /**
   * Calls `handler` when the connection is lost: every subscription is gone by then, and
   * nothing more arrives on them; subscribe again once the connection is back.
   */
  onLost(handler: () => void): void {
    this.lostHandlers.add(handler);
  }

  private lose(): void {
    this.logger.warn(`subscriptions to ${this.listeners.size} channels lost with the connection`);
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
        await this.transport.listen(channel);
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
        await this.transport.unlisten(channel);
      }
    };
  }

  /**
   * False while the listening connection is lost and not back yet. A connection still making
   * its first connection counts as available: the streams opened meanwhile subscribe once it is up.
   */
  get available(): boolean {
    return this.transport.available;
  }

  /** Resolves when the server answers on the listening connection (readiness of streaming). */
  async ping(): Promise<void> {
    await this.transport.ping();
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
    await this.transport.markSubscribed(channels, SUBSCRIBED_MARKER_TTL_SECONDS);
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
