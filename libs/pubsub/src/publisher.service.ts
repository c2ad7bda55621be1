import { Injectable } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';
import { StreamMessage } from './channels';

/** Publishes rendered messages; render once, publish to every channel that wants it. */
@Injectable()
export class PublisherService {
  constructor(private readonly redis: RedisService) {}

  async publish(channels: string | string[], message: StreamMessage): Promise<void> {
    const text = JSON.stringify({ ...message, queued_at: message.queued_at ?? Date.now() });
    const list = Array.isArray(channels) ? channels : [channels];
    if (list.length === 0) return;
    const pipeline = this.redis.client.pipeline();
    // ioredis applies keyPrefix to keys only, so the namespace is added to channels here.
    for (const channel of list) pipeline.publish(`${this.redis.namespace}${channel}`, text);
    await pipeline.exec();
  }
}
