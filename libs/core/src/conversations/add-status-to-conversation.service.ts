import { Injectable, Logger } from '@nestjs/common';
import { AccountConversation, AccountConversationRepository, Status } from '@nestodon/domain';
import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';
import { ConversationQueries } from './conversation-queries';

/**
 * Adds a direct status to one participant's conversation (the others in it are its
 * participants): its author's row, and each recipient's once their mention notification went
 * through, unread for recipients. The change is published on that user's direct channel.
 */
@Injectable()
export class AddStatusToConversationService {
  private readonly logger = new Logger(AddStatusToConversationService.name);

  constructor(
    private readonly conversations: AccountConversationRepository,
    private readonly queries: ConversationQueries,
    private readonly publisher: PublisherService,
  ) {}

  async call(accountId: string, status: Status, mentionedAccountIds: string[]): Promise<void> {
    if (!status.conversationId) return;
    const participants = [...new Set([...mentionedAccountIds, status.accountId])]
      .filter((id) => id !== accountId)
      .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    const conversation = await this.conversations.addStatus(
      accountId,
      status.conversationId,
      participants,
      status.id,
      status.accountId !== accountId,
    );
    await this.publish(conversation);
  }

  private async publish(conversation: AccountConversation): Promise<void> {
    try {
      const json = await this.queries.present(conversation);
      await this.publisher.publish(Channel.direct(conversation.accountId), {
        event: StreamEvent.Conversation,
        payload: JSON.stringify(json),
      });
    } catch (error) {
      this.logger.warn(`conversation ${conversation.id} not published: ${String(error)}`);
    }
  }
}
