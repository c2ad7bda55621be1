import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Status, StatusRepository, StatusVisibility } from '@nestodon/domain';
import {
  FeedReceiverFacts,
  FeedStatus,
  filterFromHome,
  filterFromList,
  notifiesFollowers,
  reachesTagFollowers,
} from '@nestodon/policies';
import { Channel, PublisherService, StreamEvent, StreamMessage } from '@nestodon/pubsub';
import { StatusPresenter } from '@nestodon/serializers';
import { DataSource } from 'typeorm';
import { ConversationsService } from '../conversations/conversations.service';
import { NotifyService } from '../notifications/notify.service';
import { FeedManager } from './feed-manager';
import { FeedFacts, involvedAccounts, involvedDomains } from './feed-facts';
import { entryOf, feedList, ListFacts } from './feed-statuses';
import { ListFactsRepository } from './list-facts.repository';

interface Receiver {
  id: string;
  /** The receiver follows the author with notifications on. */
  notify: boolean;
}

export interface FanOutResult {
  /** Home feeds of the author and followers. */
  homeFeeds: number;
  listFeeds: number;
  /** Home feeds reached only because the user follows one of the status's hashtags. */
  tagFeeds: number;
}

/** Hashtag followers are loaded, filtered and written this many at a time. */
export const TAG_FOLLOWER_BATCH = 1000;

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

/**
 * Fan-out on write (the worker's DistributeStatus job): puts a new status into the home feeds
 * of its author and of the local followers the feed rules admit, and into the list feeds of
 * lists holding the author; publishes it, rendered once, to those users', lists' and the
 * public and hashtag channels; creates the notifications it causes (mentions, `status` for
 * followers who asked, `reblog` for the reblogged author) and adds direct statuses to
 * conversations. An edit (`update`) publishes `status.update` to the same channels and tells
 * those who reblogged or favourited it (`update`). Receivers and their relations are loaded in
 * a constant number of queries; feeds are written in one Redis round trip.
 */
@Injectable()
export class FanOutOnWriteService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly statuses: StatusRepository,
    private readonly feeds: FeedManager,
    private readonly facts: FeedFacts,
    private readonly lists: ListFactsRepository,
    private readonly presenter: StatusPresenter,
    private readonly publisher: PublisherService,
    private readonly notifier: NotifyService,
    private readonly conversations: ConversationsService,
  ) {}

  async fanOut(statusId: string, options: { update?: boolean } = {}): Promise<FanOutResult | null> {
    const status = await this.statuses.findOneWithRelations(statusId);
    if (!status || !status.account || status.account.suspendedAt) return null;
    if (status.reblogOfId && !status.reblog) return null;
    const [feedStatus] = await this.facts.feedStatuses([status]);
    const update = options.update === true;

    const receivers = await this.homeReceivers(status, feedStatus);
    const listTargets = DISTRIBUTED_VISIBILITIES.has(status.visibility)
      ? await this.lists.containing(status.accountId)
      : [];
    const factIds = [
      ...new Set([...receivers.map((r) => r.id), ...listTargets.map((l) => l.accountId)]),
    ];
    const facts = await this.facts.receivers(
      factIds,
      involvedAccounts(feedStatus),
      involvedDomains(feedStatus),
    );
    const admitted = receivers.filter(
      (receiver) => !filterFromHome(feedStatus, facts.get(receiver.id)!, 'home'),
    );
    const admittedLists = listTargets.filter((list) => this.admitsToList(feedStatus, list, facts));

    const entry = entryOf(status);
    const homeIds = update
      ? admitted.map((r) => r.id)
      : await this.feeds.addToMany(
          'home',
          admitted.map((r) => r.id),
          entry,
        );
    const listIds = update
      ? admittedLists.map((l) => l.id)
      : await this.feeds.addToMany(
          'list',
          admittedLists.map((l) => l.id),
          entry,
        );

    const tags = await this.tagNames(status);
    const json = await this.presenter.present(status, null);
    const message: StreamMessage = {
      event: update ? StreamEvent.StatusUpdate : StreamEvent.Update,
      payload: JSON.stringify(json),
    };
    const channels = [
      ...homeIds.map((id) => Channel.user(id)),
      ...listIds.map((id) => Channel.list(id)),
      ...publicChannels(status, tags).filter(() => !status.account!.silencedAt),
    ];
    await this.publisher.publish(channels, message);
    const tagFeeds = await this.deliverToTagFollowers(
      status,
      feedStatus,
      new Set(receivers.map((r) => r.id)),
      update,
      message,
    );

    if (update) {
      await this.notifyInteractors(status);
      await this.notifyMentions(status, feedStatus);
    } else {
      const notified = await this.notifyMentions(status, feedStatus);
      await this.notifyFollowers(status, feedStatus, admitted, new Set(homeIds));
      await this.notifyReblogged(status);
      if (status.visibility === StatusVisibility.Direct) {
        await this.addToConversations(status, feedStatus, notified);
      }
    }
    return { homeFeeds: homeIds.length, listFeeds: listIds.length, tagFeeds };
  }

  /**
   * Home feeds of local users who follow any of the status's hashtags (original public
   * statuses of unsilenced authors), except the author and those already reached as
   * followers, through the same home rules. Ids only, in keyset batches: each batch is one
   * query over all the status's tags, one for the receivers' facts, one Redis round trip.
   */
  private async deliverToTagFollowers(
    status: Status,
    feedStatus: FeedStatus,
    reached: Set<string>,
    update: boolean,
    message: StreamMessage,
  ): Promise<number> {
    const qualifies = reachesTagFollowers({
      visibility: status.visibility,
      reblog: status.reblogOfId !== null && status.reblogOfId !== undefined,
      authorSilenced: Boolean(status.account!.silencedAt),
    });
    if (!qualifies) return 0;
    const entry = entryOf(status);
    let delivered = 0;
    let after = '0';
    for (;;) {
      const rows: Array<{ id: string }> = await this.dataSource.query(
        `SELECT DISTINCT tf.account_id AS id FROM tag_follows tf
           JOIN statuses_tags st ON st.tag_id = tf.tag_id AND st.status_id = $1
           JOIN accounts a ON a.id = tf.account_id AND a.domain IS NULL AND a.suspended_at IS NULL
          WHERE tf.account_id > $2::bigint
            AND EXISTS (SELECT 1 FROM users u WHERE u.account_id = a.id)
          ORDER BY tf.account_id LIMIT $3`,
        [status.id, after, TAG_FOLLOWER_BATCH],
      );
      if (rows.length === 0) break;
      after = String(rows[rows.length - 1].id);
      const ids = rows
        .map((row) => String(row.id))
        .filter((id) => id !== status.accountId && !reached.has(id));
      if (ids.length > 0) {
        const facts = await this.facts.receivers(
          ids,
          involvedAccounts(feedStatus),
          involvedDomains(feedStatus),
        );
        const admitted = ids.filter((id) => {
          const receiverFacts = facts.get(id);
          return receiverFacts !== undefined && !filterFromHome(feedStatus, receiverFacts, 'home');
        });
        const homeIds = update ? admitted : await this.feeds.addToMany('home', admitted, entry);
        if (homeIds.length > 0) {
          await this.publisher.publish(
            homeIds.map((id) => Channel.user(id)),
            message,
          );
        }
        delivered += homeIds.length;
      }
      if (rows.length < TAG_FOLLOWER_BATCH) break;
    }
    return delivered;
  }

  /**
   * Who may get the status at home: the author (when local) and local followers; for direct
   * and limited statuses only the mentioned local followers.
   */
  private async homeReceivers(status: Status, feedStatus: FeedStatus): Promise<Receiver[]> {
    const rows: Array<{ id: string; notify: boolean }> = await this.dataSource.query(
      `SELECT f.account_id::text AS id, f.notify FROM follows f
         JOIN accounts a ON a.id = f.account_id AND a.domain IS NULL AND a.suspended_at IS NULL
        WHERE f.target_account_id = $1
          AND EXISTS (SELECT 1 FROM users u WHERE u.account_id = a.id)`,
      [status.accountId],
    );
    let receivers: Receiver[] = rows;
    if (!DISTRIBUTED_VISIBILITIES.has(status.visibility)) {
      const mentioned = new Set(feedStatus.mentionedAccountIds);
      receivers = receivers.filter((receiver) => mentioned.has(receiver.id));
    }
    if (status.account!.domain === null) receivers.push({ id: status.accountId, notify: false });
    return receivers;
  }

  private admitsToList(
    feedStatus: FeedStatus,
    list: ListFacts,
    facts: Map<string, FeedReceiverFacts>,
  ): boolean {
    const owner = facts.get(list.accountId);
    if (!owner) return false;
    return (
      !filterFromList(feedStatus, feedList(list), owner) &&
      !filterFromHome(feedStatus, owner, 'list')
    );
  }

  private async tagNames(status: Status): Promise<string[]> {
    if (status.visibility !== StatusVisibility.Public || status.reblogOfId) return [];
    const rows: Array<{ name: string }> = await this.dataSource.query(
      `SELECT t.name FROM statuses_tags st JOIN tags t ON t.id = st.tag_id WHERE st.status_id = $1`,
      [status.id],
    );
    return rows.map((row) => row.name);
  }

  /**
   * `mention` for each local account mentioned (not silently) that was not told yet (an edit
   * tells only newly mentioned ones). Returns the accounts whose notification went through.
   */
  private async notifyMentions(status: Status, feedStatus: FeedStatus): Promise<Set<string>> {
    const accepted = new Set<string>();
    if (status.reblogOfId || feedStatus.mentionedAccountIds.length === 0) return accepted;
    const mentions: Array<{ id: string; account_id: string }> = await this.dataSource.query(
      `SELECT m.id::text, m.account_id::text FROM mentions m
         JOIN accounts a ON a.id = m.account_id AND a.domain IS NULL
        WHERE m.status_id = $1 AND m.silent = false AND m.account_id <> $2
          AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.mention_id = m.id)`,
      [status.id, status.accountId],
    );
    for (const mention of mentions) {
      const { decision } = await this.notifier.notify({
        recipientId: mention.account_id,
        type: 'mention',
        fromAccountId: status.accountId,
        statusId: status.id,
        mentionId: mention.id,
      });
      if (decision === 'accept') accepted.add(mention.account_id);
    }
    return accepted;
  }

  /** `status` for followers who asked to be notified of the author's posts. */
  private async notifyFollowers(
    status: Status,
    feedStatus: FeedStatus,
    admitted: Receiver[],
    inFeed: Set<string>,
  ): Promise<void> {
    if (!notifiesFollowers(feedStatus)) return;
    for (const receiver of admitted) {
      if (!receiver.notify || receiver.id === status.accountId || !inFeed.has(receiver.id))
        continue;
      await this.notifier.notify({
        recipientId: receiver.id,
        type: 'status',
        fromAccountId: status.accountId,
        statusId: status.id,
      });
    }
  }

  /** `reblog` for the author of the reblogged status. */
  private async notifyReblogged(status: Status): Promise<void> {
    const original = status.reblog;
    if (!original || original.accountId === status.accountId) return;
    await this.notifier.notify({
      recipientId: original.accountId,
      type: 'reblog',
      fromAccountId: status.accountId,
      statusId: original.id,
      reblogStatusId: status.id,
    });
  }

  /** `update` for local accounts that reblogged or favourited an edited status. */
  private async notifyInteractors(status: Status): Promise<void> {
    if (status.reblogOfId) return;
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT DISTINCT i.id::text FROM (
         SELECT account_id AS id FROM statuses WHERE reblog_of_id = $1 AND deleted_at IS NULL
         UNION SELECT account_id FROM favourites WHERE status_id = $1
       ) i JOIN accounts a ON a.id = i.id AND a.domain IS NULL
        WHERE i.id <> $2`,
      [status.id, status.accountId],
    );
    for (const row of rows) {
      await this.notifier.notify({
        recipientId: row.id,
        type: 'update',
        fromAccountId: status.accountId,
        statusId: status.id,
      });
    }
  }

  /** The author's conversation, and those of recipients whose mention went through. */
  private async addToConversations(
    status: Status,
    feedStatus: FeedStatus,
    notified: Set<string>,
  ): Promise<void> {
    const mentioned = [...feedStatus.mentionedAccountIds];
    if (status.account!.domain === null) {
      await this.conversations.addStatus(status.accountId, status, mentioned);
    }
    for (const accountId of notified) {
      await this.conversations.addStatus(accountId, status, mentioned);
    }
  }
}
