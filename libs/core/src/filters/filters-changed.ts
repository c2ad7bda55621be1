import { Injectable, Logger } from '@nestjs/common';
import { ExpiringStore } from '@nestodon/platform';
import { Channel, PublisherService, StreamEvent, SystemEvent } from '@nestodon/pubsub';
import { filtersCacheKey } from './status-filter-queries';

/**
 * Tells the user's streaming connections that their filters changed (they reload them). Each
 * filter use case publishes once per call, however many rows it touched. Also drops the cached
 * filters, so the next read loads them again.
 */
@Injectable()
export class FiltersChangedNotifier {
  private readonly logger = new Logger(FiltersChangedNotifier.name);

  constructor(
    private readonly publisher: PublisherService,
    private readonly cache: ExpiringStore,
  ) {}

  async changed(accountId: string): Promise<void> {
    await this.cache.delete(filtersCacheKey(accountId));
    try {
      await this.publisher.publish(Channel.user(accountId), { event: StreamEvent.FiltersChanged });
      // Streaming processes drop their cached filters, whatever streams the user reads.
      await this.publisher.publish(Channel.system(accountId), {
        event: SystemEvent.FiltersChanged,
      });
    } catch (error) {
      this.logger.warn(`filters_changed for ${accountId} not published: ${String(error)}`);
    }
  }
}
