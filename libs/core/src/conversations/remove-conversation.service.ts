import { Injectable } from '@nestjs/common';
import { Account, AccountConversationRepository } from '@nestodon/domain';
import { ConversationQueries } from './conversation-queries';

/** Removes one of the user's conversations from their list. */
@Injectable()
export class RemoveConversationService {
  constructor(
    private readonly conversations: AccountConversationRepository,
    private readonly queries: ConversationQueries,
  ) {}

  async call(viewer: Pick<Account, 'id'>, id: string): Promise<void> {
    const conversation = await this.queries.owned(viewer, id);
    await this.conversations.delete(conversation.id);
  }
}
