import { Injectable } from '@nestjs/common';
import {
  FanOutRepository,
  QuoteRepository,
  QuoteState,
  Status,
  StatusVisibility,
} from '@nestodon/domain';
import { FeedStatus, notifiesFollowers } from '@nestodon/policies';
import { AddStatusToConversationService } from '../conversations/add-status-to-conversation.service';
import { NotifyService } from '../notifications/notify.service';

export interface StatusRecipients {
  /** An edit: only new mentions, and `update` for those who reblogged or favourited it. */
  update: boolean;
  /** Followers whose home took the status and who asked to be notified of the author's posts. */
  followersToNotify: string[];
}

/**
 * The notifications a new or edited status causes, after fan-out (the DistributeStatus job):
 * `mention` for local accounts mentioned and not told yet, `status` for followers who asked,
 * `reblog` for the reblogged author, `quote` for the author of an accepted quote's status,
 * `update` for those who reblogged or favourited an edited status and `quoted_update` for the
 * local authors of its accepted quotes. A direct status also enters the conversations of its
 * author and of the recipients whose mention went through.
 */
@Injectable()
export class NotifyStatusRecipientsService {
  constructor(
    private readonly fanOut: FanOutRepository,
    private readonly quotes: QuoteRepository,
    private readonly notifier: NotifyService,
    private readonly conversations: AddStatusToConversationService,
  ) {}

  async call(status: Status, feedStatus: FeedStatus, recipients: StatusRecipients): Promise<void> {
    if (recipients.update) {
      await this.notifyInteractors(status);
      await this.notifyQuoters(status);
      await this.notifyMentions(status, feedStatus);
      return;
    }
    const notified = await this.notifyMentions(status, feedStatus);
    if (notifiesFollowers(feedStatus)) {
      for (const recipientId of recipients.followersToNotify) {
        await this.notifier.call({
          recipientId,
          type: 'status',
          fromAccountId: status.accountId,
          statusId: status.id,
        });
      }
    }
    await this.notifyReblogged(status);
    await this.notifyQuoted(status);
    if (status.visibility === StatusVisibility.Direct) {
      await this.addToConversations(status, feedStatus, notified);
    }
  }

  /** Returns the accounts whose `mention` notification went through. */
  private async notifyMentions(status: Status, feedStatus: FeedStatus): Promise<Set<string>> {
    const accepted = new Set<string>();
    if (status.reblogOfId || feedStatus.mentionedAccountIds.length === 0) return accepted;
    for (const mention of await this.fanOut.mentionsToNotify(status)) {
      const { decision } = await this.notifier.call({
        recipientId: mention.accountId,
        type: 'mention',
        fromAccountId: status.accountId,
        statusId: status.id,
        mentionId: mention.id,
      });
      if (decision === 'accept') accepted.add(mention.accountId);
    }
    return accepted;
  }

  private async notifyReblogged(status: Status): Promise<void> {
    const original = status.reblog;
    if (!original || original.accountId === status.accountId) return;
    await this.notifier.call({
      recipientId: original.accountId,
      type: 'reblog',
      fromAccountId: status.accountId,
      statusId: original.id,
      reblogStatusId: status.id,
    });
  }

  private async notifyQuoted(status: Status): Promise<void> {
    if (status.reblogOfId) return;
    const quote = await this.quotes.forStatus(status.id);
    if (!quote || quote.state !== QuoteState.Accepted || !quote.quotedAccountId) return;
    if (quote.quotedAccountId === status.accountId) return;
    await this.notifier.call({
      recipientId: quote.quotedAccountId,
      type: 'quote',
      fromAccountId: status.accountId,
      statusId: status.id,
      quoteId: quote.id,
    });
  }

  /** An edited status: the local authors quoting it hear of it on their quoting status. */
  private async notifyQuoters(status: Status): Promise<void> {
    if (status.reblogOfId) return;
    for (const quoting of await this.quotes.localQuotingStatuses(status.id)) {
      if (quoting.accountId === status.accountId) continue;
      await this.notifier.call({
        recipientId: quoting.accountId,
        type: 'quoted_update',
        fromAccountId: status.accountId,
        statusId: quoting.statusId,
      });
    }
  }

  private async notifyInteractors(status: Status): Promise<void> {
    if (status.reblogOfId) return;
    for (const recipientId of await this.fanOut.localInteractorIds(status)) {
      await this.notifier.call({
        recipientId,
        type: 'update',
        fromAccountId: status.accountId,
        statusId: status.id,
      });
    }
  }

  private async addToConversations(
    status: Status,
    feedStatus: FeedStatus,
    notified: Set<string>,
  ): Promise<void> {
    const mentioned = [...feedStatus.mentionedAccountIds];
    if (status.account!.domain === null) {
      await this.conversations.call(status.accountId, status, mentioned);
    }
    for (const accountId of notified) {
      await this.conversations.call(accountId, status, mentioned);
    }
  }
}
