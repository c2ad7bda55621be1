import { Injectable } from '@nestjs/common';
import { AccountConversationRepository, NotificationRepository } from '@nestodon/domain';
import { FeedPruner } from './feed-pruner';

/**
 * What a block leaves behind, cleared in the worker (JobName.AfterBlock): the target's
 * statuses (and those mentioning or reblogging it) leave the user's feeds, the user's statuses
 * leave the target's feeds (the follows between them ended), and the target's notifications
 * to the user and conversations with it are deleted.
 */
@Injectable()
export class ClearBlockTracesService {
  constructor(
    private readonly pruner: FeedPruner,
    private readonly notifications: NotificationRepository,
    private readonly conversations: AccountConversationRepository,
  ) {}

  async call(accountId: string, targetAccountId: string): Promise<void> {
    await this.pruner.removeEverywhere(accountId, {
      kind: 'involving',
      accountId: targetAccountId,
    });
    await this.pruner.removeEverywhere(targetAccountId, { kind: 'author', accountId });
    await this.notifications.deleteFrom(accountId, targetAccountId);
    await this.conversations.deleteWithParticipant(accountId, targetAccountId);
  }
}
