import { Injectable } from '@nestjs/common';
import { FeedManager } from '../feeds/feed-manager';

/**
 * `feeds clear`: removes every home and list feed from the feed store (to free memory, or before a
 * rebuild); each is rebuilt from PostgreSQL when its owner next reads it, or by `feeds build`.
 */
@Injectable()
export class ClearFeedsService {
  constructor(private readonly feeds: FeedManager) {}

  call(): Promise<number> {
    return this.feeds.clearAll();
  }
}
