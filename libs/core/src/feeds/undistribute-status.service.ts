import { Injectable } from '@nestjs/common';
import {
  FanOutRepository,
  ListFactsRepository,
  NotificationRepository,
  StatusRepository,
} from '@nestodon/domain';
import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';
import { RemoveStatusFromConversationsService } from '../conversations/remove-status-from-conversations.service';
import { publicChannels } from './fan-out-on-write.service';
import { FeedManager } from './feed-manager';
import { entryOf } from './feed-statuses';

/**
 * A status (or reblog) was deleted (the worker's UndistributeStatus job): it leaves the home
 * feeds of its author, the author's local followers and the accounts it mentioned, and the
 * list feeds holding the author; `delete` goes to every channel that had it (and to the public
 * and hashtag channels for a public status); its notifications and its place in conversations
 * go too.
 */
@Injectable()
export class UndistributeStatusService {
  constructor(
    private readonly statuses: StatusRepository,
    private readonly fanOut: FanOutRepository,
    private readonly lists: ListFactsRepository,
    private readonly notifications: NotificationRepository,
    private readonly feeds: FeedManager,
    private readonly publisher: PublisherService,
    private readonly conversations: RemoveStatusFromConversationsService,
  ) {}

  async call(statusId: string, accountId: string): Promise<void> {
    const status = await this.statuses.findOneWithRelations(statusId, { withDeleted: true });
    const entry = status ? entryOf(status) : { id: statusId, reblogOfId: null };
    const homes = await this.feeds.removeFromMany(
      'home',
      await this.fanOut.homesHolding(statusId, accountId),
      entry,
    );
    const lists = await this.feeds.removeFromMany(
      'list',
      (await this.lists.containing(accountId)).map((list) => list.id),
      entry,
    );
    const tags = status ? await this.fanOut.tagNames(statusId) : [];
    await this.publisher.publish(
      [
        ...homes.map((id) => Channel.user(id)),
        ...lists.map((id) => Channel.list(id)),
        ...(status ? publicChannels(status, tags) : []),
      ],
      { event: StreamEvent.Delete, payload: String(statusId) },
    );
    await this.notifications.deleteAboutStatus(statusId);
    await this.conversations.call(statusId);
  }
}
