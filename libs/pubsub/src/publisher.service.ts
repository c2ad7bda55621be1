import { Injectable } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';
import { StreamMessage, isGatedChannel, subscribedMarker } from './channels';

/**
 * Publishes rendered messages; render once, publish to every channel that wants it. Channels of
 * one account or list are skipped unless a streaming process marked them subscribed.
 */
@Injectable()
export class PublisherService {
  constructor(private readonly redis: RedisService) {}

  async publish(channels: string | string[], message: StreamMessage): Promise<void> {
    const list = await this.listened(Array.isArray(channels) ? channels : [channels]);
    if (list.length === 0) return;
    const text = JSON.stringify({ ...message, queued_at: message.queued_at ?? Date.now() });
    const pipeline = this.redis.client.pipeline();
    // ioredis applies keyPrefix to keys only, so the namespace is added to channels here.
    for (const channel of list) pipeline.publish(`${this.redis.namespace}${channel}`, text);
    await pipeline.exec();
  }

  /** The channels worth publishing to: ungated ones, and gated ones someone listens to. */
  private async listened(channels: string[]): Promise<string[]> {
    const gated = channels.filter(isGatedChannel);
    if (gated.length === 0) return channels;
    const markers = await this.redis.client.mget(gated.map(subscribedMarker));
    const live = new Set(gated.filter((_, index) => markers[index] !== null));
    return channels.filter((channel) => !isGatedChannel(channel) || live.has(channel));
  }
}
