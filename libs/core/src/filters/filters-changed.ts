import { Injectable, Logger } from '@nestjs/common';
import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';

/**
 * Tells the user's streaming connections that their filters changed (they reload them). Each
 * filter use case publishes once per call, however many rows it touched.
 */
@Injectable()
export class FiltersChangedNotifier {
  private readonly logger = new Logger(FiltersChangedNotifier.name);

  constructor(private readonly publisher: PublisherService) {}

  async changed(accountId: string): Promise<void> {
    try {
      await this.publisher.publish(Channel.user(accountId), { event: StreamEvent.FiltersChanged });
    } catch (error) {
      this.logger.warn(`filters_changed for ${accountId} not published: ${String(error)}`);
    }
  }
}
