import { Injectable } from '@nestjs/common';
import {
  FanOutReceiver,
  FanOutRepository,
  FeedFactsRepository,
  ListFactsRepository,
  Status,
  StatusRepository,
  StatusVisibility,
} from '@nestodon/domain';
import { FeedStatus, filterFromHome, reachesTagFollowers } from '@nestodon/policies';
import { Channel, PublisherService, StreamEvent, StreamMessage } from '@nestodon/pubsub';
import { StatusPresenter } from '@nestodon/serializers';
import { FeedEntry, FeedManager } from './feed-manager';
import { involvedAccounts, involvedDomains, loadFeedStatuses } from './feed-facts';
import { entryOf, listAdmits } from './feed-statuses';
import { NotifyStatusRecipientsService } from './notify-status-recipients.service';

export interface FanOutResult {
  /** Home feeds of the author and followers. */
  homeFeeds: number;
  listFeeds: number;
  /** Home feeds reached only because the user follows one of the status's hashtags. */
  tagFeeds: number;
}

/** Receivers (followers, hashtag followers) are read, filtered and written this many at a time. */
export const FAN_OUT_BATCH = 1000;

const DISTRIBUTED_VISIBILITIES: ReadonlySet<StatusVisibility> = new Set([
  StatusVisibility.Public,
  StatusVisibility.Unlisted,
  StatusVisibility.Private,
]);

/** The public streaming channels of a public status (and of its hashtags). */
export function publicChannels(status: Status, tags: string[]): string[] {
  if (status.visibility !== StatusVisibility.Public || status.reblogOfId) return [];
  const local = status.account?.domain === null;
  const media = (status.orderedMediaAttachmentIds ?? []).length > 0;
  const channels: string[] = [Channel.public, local ? Channel.publicLocal : Channel.publicRemote];
  if (media) {
    channels.push(
      Channel.publicMedia,
      local ? Channel.publicLocalMedia : Channel.publicRemoteMedia,
    );
  }
  for (const tag of tags) {
    channels.push(Channel.hashtag(tag));
    if (local) channels.push(Channel.hashtagLocal(tag));
  }
  return channels;
}

/** A status on its way: what the feed rules read, its feed entry and its stream message. */
interface Delivery {
  status: Status;
  feedStatus: FeedStatus;
  entry: FeedEntry;
  message: StreamMessage;
  /** An edit: feeds already hold it, only the message goes out. */
  update: boolean;
}

/**
 * Fan-out on write (the worker's DistributeStatus job): puts a new status into the home feeds
 * of its author, of the local followers the feed rules admit and, for original public
 * statuses, of local users following one of its hashtags; into the list feeds of lists holding
 * the author; publishes it, rendered once, to those users', lists' and the public and hashtag
 * channels; then hands over to NotifyStatusRecipientsService (unless `skipNotifications`). An
 * edit (`update`) publishes `status.update` to the same channels. Receivers are read in keyset batches through one loop;
 * each batch costs one query for its relations and one Redis round trip.
 */
@Injectable()
export class FanOutOnWriteService {
  constructor(
    private readonly statuses: StatusRepository,
    private readonly fanOut: FanOutRepository,
    private readonly facts: FeedFactsRepository,
    private readonly lists: ListFactsRepository,
    private readonly feeds: FeedManager,
    private readonly presenter: StatusPresenter,
    private readonly publisher: PublisherService,
    private readonly recipients: NotifyStatusRecipientsService,
  ) {}

  async call(
    statusId: string,
    options: { update?: boolean; skipNotifications?: boolean } = {},
  ): Promise<FanOutResult | null> {
    const status = await this.statuses.findOneWithRelations(statusId);
    if (!status || !status.account || status.account.suspendedAt) return null;
    if (status.reblogOfId && !status.reblog) return null;
    const [feedStatus] = await loadFeedStatuses(this.facts, [status]);
    const update = options.update === true;
    const json = await this.presenter.present(status, null);
    const delivery: Delivery = {
      status,
      feedStatus,
      entry: entryOf(status),
      message: {
        event: update ? StreamEvent.StatusUpdate : StreamEvent.Update,
        payload: JSON.stringify(json),
      },
      update,
    };

    const author = status.account.domain === null ? [{ id: status.accountId, notify: false }] : [];
    let homeFeeds = (await this.deliverHome(delivery, author)).length;
    const followersToNotify: string[] = [];
    // Direct and limited statuses reach only the followers they mention.
    const mentioned = new Set(feedStatus.mentionedAccountIds);
    const distributed = DISTRIBUTED_VISIBILITIES.has(status.visibility);
    homeFeeds += await this.inBatches(
      (afterId) => this.fanOut.localFollowers(status.accountId, afterId, FAN_OUT_BATCH),
      async (followers) => {
        const reached = await this.deliverHome(
          delivery,
          distributed ? followers : followers.filter((follower) => mentioned.has(follower.id)),
        );
        for (const follower of reached) if (follower.notify) followersToNotify.push(follower.id);
        return reached.length;
      },
    );
    const tagFeeds = reachesTagFollowers({
      visibility: status.visibility,
      reblog: Boolean(status.reblogOfId),
      authorSilenced: Boolean(status.account.silencedAt),
    })
      ? await this.inBatches(
          (afterId) => this.fanOut.localTagFollowers(status, afterId, FAN_OUT_BATCH),
          async (batch) => (await this.deliverHome(delivery, batch)).length,
        )
      : 0;
    const listFeeds = distributed ? await this.deliverToLists(delivery) : 0;
    await this.publishToPublicTimelines(delivery);

    if (!options.skipNotifications) {
      await this.recipients.call(status, feedStatus, { update, followersToNotify });
    }
    return { homeFeeds, listFeeds, tagFeeds };
  }

  /**
   * Runs `deliver` over the receivers `read` returns, batch after batch (keyset on account
   * id), and adds up what it reached.
   */
  private async inBatches(
    read: (afterId: string) => Promise<FanOutReceiver[]>,
    deliver: (batch: FanOutReceiver[]) => Promise<number>,
  ): Promise<number> {
    let reached = 0;
    for (let afterId = '0'; ;) {
      const batch = await read(afterId);
      if (batch.length === 0) break;
      afterId = String(batch[batch.length - 1].id);
      reached += await deliver(batch);
      if (batch.length < FAN_OUT_BATCH) break;
    }
    return reached;
  }

  /**
   * Puts the status into the home feeds of the receivers the home rules admit (the author's
   * own status needs no relations) and publishes it to them; returns those it reached.
   */
  private async deliverHome(
    delivery: Delivery,
    receivers: FanOutReceiver[],
  ): Promise<FanOutReceiver[]> {
    const { status, feedStatus } = delivery;
    const others = receivers.filter((receiver) => receiver.id !== status.accountId);
    const facts = others.length
      ? await this.facts.receivers(
          others.map((receiver) => receiver.id),
          involvedAccounts(feedStatus),
          involvedDomains(feedStatus),
        )
      : new Map();
    const admitted = receivers.filter((receiver) => {
      if (receiver.id === status.accountId) return true;
      const receiverFacts = facts.get(receiver.id);
      return receiverFacts !== undefined && !filterFromHome(feedStatus, receiverFacts, 'home');
    });
    const ids = admitted.map((receiver) => receiver.id);
    const inFeed = new Set(
      delivery.update ? ids : await this.feeds.addToMany('home', ids, delivery.entry),
    );
    const reached = admitted.filter((receiver) => inFeed.has(receiver.id));
    if (reached.length > 0) {
      await this.publisher.publish(
        reached.map((receiver) => Channel.user(receiver.id)),
        delivery.message,
      );
    }
    return reached;
  }

  /** The public and hashtag channels of an original public status of an unsilenced author. */
  private async publishToPublicTimelines({ status, message }: Delivery): Promise<void> {
    if (status.visibility !== StatusVisibility.Public || status.reblogOfId) return;
    if (status.account!.silencedAt) return;
    const tags = await this.fanOut.tagNames(status.id);
    await this.publisher.publish(publicChannels(status, tags), message);
  }

  /** The list feeds of local owners' lists holding the author, by the list rules. */
  private async deliverToLists(delivery: Delivery): Promise<number> {
    const { feedStatus } = delivery;
    const lists = await this.lists.containing(delivery.status.accountId);
    if (lists.length === 0) return 0;
    const owners = await this.facts.receivers(
      [...new Set(lists.map((list) => list.accountId))],
      involvedAccounts(feedStatus),
      involvedDomains(feedStatus),
    );
    const admitted = lists
      .filter((list) => {
        const owner = owners.get(list.accountId);
        return owner !== undefined && listAdmits(feedStatus, list, owner);
      })
      .map((list) => list.id);
    const listIds = delivery.update
      ? admitted
      : await this.feeds.addToMany('list', admitted, delivery.entry);
    if (listIds.length > 0) {
      await this.publisher.publish(
        listIds.map((id) => Channel.list(id)),
        delivery.message,
      );
    }
    return listIds.length;
  }
}
