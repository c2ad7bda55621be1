import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountDeletionRepository,
  InboxRepository,
  ListRepository,
  OAuthAccessTokenRepository,
  profileImageKeys,
  RecordNotFoundError,
  TransactionRunner,
  UserRepository,
} from '@nestodon/domain';
import { Channel, PublisherService, SystemEvent } from '@nestodon/pubsub';
import { FeedManager } from '../feeds/feed-manager';
import { UndistributeStatusService } from '../feeds/undistribute-status.service';
import { MediaFiles } from '../media/media-files';
import { MediaStorage } from '../media/media-storage';
import { RemoveStatusService } from '../statuses/remove-status.service';
import { ActivityOutbox } from '../outbox/activity-outbox';

/** Statuses removed per round. */
const BATCH = 100;

/**
 * Deletes an account (Mastodon's DeleteAccountService): a local one for `accounts delete` of
 * the operator CLI, a remote one when its server says the actor is gone (a Delete of the
 * actor). A local login stops working at once; each status is removed as its author would
 * remove it (counters, reblogs, pins) and leaves the followers' feeds and streams now, while
 * the followers are still known; media files and profile images leave the disk; then the
 * user, its tokens, relationships, lists, notifications and everything else the account
 * owned go, and its own feeds. The account row stays as an empty suspended profile that
 * keeps the username taken. A remote account (its actor's Delete, `domains purge`) goes the
 * same way without a trace, as Mastodon's without a reserved username: nothing is federated
 * and its row goes too, so it comes back only if fetched again.
 */
@Injectable()
export class DeleteAccountService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly users: UserRepository,
    private readonly tokens: OAuthAccessTokenRepository,
    private readonly lists: ListRepository,
    private readonly deletion: AccountDeletionRepository,
    private readonly removeStatus: RemoveStatusService,
    private readonly undistribute: UndistributeStatusService,
    private readonly feeds: FeedManager,
    private readonly storage: MediaStorage,
    private readonly publisher: PublisherService,
    private readonly mediaFiles: MediaFiles,
    private readonly inboxes: InboxRepository,
    private readonly outbox: ActivityOutbox,
  ) {}

  async call(account: Account): Promise<void> {
    if (!account.isLocal) return this.purgeRemote(account);
    await this.lockOut(account);
    // Who knew the account, found while its follows still exist: they hear of its Delete.
    const inboxes = await this.inboxes.acquaintanceInboxes(account.id);
    await this.removeStatuses(account);
    await this.removeFiles(account);
    const lists = await this.lists.listsOf(account.id);
    await this.transactions.run((tx) => this.deletion.purge(account.id, tx));
    await this.feeds.clear('home', account.id);
    for (const list of lists) await this.feeds.clear('list', list.id);
    await this.outbox.publish(account, { type: 'delete_actor', accountId: account.id, inboxes });
  }

  private async purgeRemote(account: Account): Promise<void> {
    await this.removeStatuses(account);
    await this.removeFiles(account);
    await this.transactions.run(async (tx) => {
      await this.deletion.purge(account.id, tx);
      await this.deletion.deleteRemoteAccount(account.id, tx);
    });
  }

  /** No sign-in and no token works while the rest runs; streaming connections close. */
  private async lockOut(account: Account): Promise<void> {
    await this.transactions.run(async (tx) => {
      const user = await this.users.findByLocalUsername(account.username, tx);
      if (!user) return;
      await this.users.update(user.id, { disabled: true }, tx);
      await this.tokens.revokeAllOfUser(user.id, tx);
    });
    await this.publisher.publish(Channel.system(account.id), { event: SystemEvent.Kill });
  }

  private async removeStatuses(account: Account): Promise<void> {
    let after = '0';
    for (;;) {
      const ids = await this.deletion.liveStatusIds(account.id, after, BATCH);
      if (ids.length === 0) return;
      for (const id of ids) {
        try {
          // The actor's Delete removes them on other servers: no Delete each.
          await this.removeStatus.call(account, id, { deleteMedia: true, federate: false });
        } catch (error) {
          if (!(error instanceof RecordNotFoundError)) throw error; // removed meanwhile
        }
        await this.undistribute.call(id, account.id);
      }
      after = ids[ids.length - 1];
    }
  }

  private async removeFiles(account: Account): Promise<void> {
    await this.mediaFiles.removeAll(await this.deletion.mediaOf(account.id));
    await this.storage.deleteUnused([
      ...profileImageKeys(account, 'avatar'),
      ...profileImageKeys(account, 'header'),
    ]);
  }
}
