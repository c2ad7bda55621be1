import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';
import type Redis from 'ioredis';
import { StreamMessage } from './channels';

export type MessageHandler = (message: StreamMessage, channel: string) => void;

/** One subscriber connection per process; many listeners per channel. */
@Injectable()
export class SubscriberService implements OnApplicationShutdown {
  private connection?: Redis;
  private readonly listeners = new Map<string, Set<MessageHandler>>();

  constructor(private readonly redis: RedisService) {}

  private get subscriber(): Redis {
    if (!this.connection) {
      this.connection = this.redis.connection();
      this.connection.on('message', (fullChannel: string, text: string) => {
        const channel = fullChannel.slice(this.redis.namespace.length);
        let message: StreamMessage;
        try {
          message = JSON.parse(text) as StreamMessage;
        } catch {
          return;
        }
        for (const handler of this.listeners.get(channel) ?? []) handler(message, channel);
      });
    }
    return this.connection;
  }

  async subscribe(channel: string, handler: MessageHandler): Promise<() => Promise<void>> {
    let handlers = this.listeners.get(channel);
    if (!handlers) {
      handlers = new Set();
      this.listeners.set(channel, handlers);
      await this.subscriber.subscribe(`${this.redis.namespace}${channel}`);
    }
    handlers.add(handler);
    return async () => {
      handlers.delete(handler);
      if (handlers.size === 0 && this.listeners.get(channel) === handlers) {
        this.listeners.delete(channel);
        await this.subscriber.unsubscribe(`${this.redis.namespace}${channel}`);
      }
    };
  }

  onApplicationShutdown(): void {
    this.listeners.clear();
  }
}
