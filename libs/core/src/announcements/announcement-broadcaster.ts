import { Injectable } from '@nestjs/common';
import { AnnouncementRepository } from '@nestodon/domain';
import { Channel, PublisherService, StreamEvent, StreamMessage } from '@nestodon/pubsub';

const BATCH = 1000;

/**
 * Streams announcement events to the `user` stream of every local user, as Mastodon does;
 * the publisher skips the channels no streaming process is listening to.
 */
@Injectable()
export class AnnouncementBroadcaster {
  constructor(
    private readonly announcements: AnnouncementRepository,
    private readonly publisher: PublisherService,
  ) {}

  /** The announcement as JSON text rendered without a viewer. */
  announcement(json: unknown): Promise<void> {
    return this.broadcast({ event: StreamEvent.Announcement, payload: JSON.stringify(json) });
  }

  /** The current count of one reaction. */
  async reaction(announcementId: string, name: string): Promise<void> {
    const count = await this.announcements.reactionCount(announcementId, name);
    await this.broadcast({
      event: StreamEvent.AnnouncementReaction,
      payload: JSON.stringify({ name, count, announcement_id: announcementId }),
    });
  }

  deletion(announcementId: string): Promise<void> {
    return this.broadcast({ event: StreamEvent.AnnouncementDelete, payload: announcementId });
  }

  private async broadcast(message: StreamMessage): Promise<void> {
    const queuedAt = Date.now();
    for (let afterId = '0'; ;) {
      const ids = await this.announcements.localAccountIds(afterId, BATCH);
      if (ids.length === 0) return;
      afterId = ids[ids.length - 1];
      await this.publisher.publish(ids.map(Channel.user), { ...message, queued_at: queuedAt });
    }
  }
}
