import { Injectable } from '@nestjs/common';
import { StreamMessage, isGatedChannel } from './channels';
import { PubSubTransport } from './pubsub-transport';

/**
 * Publishes rendered messages; render once, publish to every channel that wants it. Channels of
 * one account or list are skipped unless a streaming process marked them subscribed.
 */
@Injectable()
export class PublisherService {
  constructor(private readonly transport: PubSubTransport) {}

  async publish(channels: string | string[], message: StreamMessage): Promise<void> {
    const list = await this.listened(Array.isArray(channels) ? channels : [channels]);
    if (list.length === 0) return;
    const text = JSON.stringify({ ...message, queued_at: message.queued_at ?? Date.now() });
    await this.transport.publish(list, text);
  }

  /** The channels worth publishing to: ungated ones, and gated ones someone listens to. */
  private async listened(channels: string[]): Promise<string[]> {
    const gated = channels.filter(isGatedChannel);
    if (gated.length === 0) return channels;
    const live = await this.transport.subscribedAmong(gated);
    return channels.filter((channel) => !isGatedChannel(channel) || live.has(channel));
  }
}
