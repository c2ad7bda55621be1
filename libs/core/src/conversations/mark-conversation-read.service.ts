import { Injectable } from '@nestjs/common';
import { Account, AccountConversationRepository } from '@nestodon/domain';
import { ConversationJson } from '@nestodon/serializers';
import { ConversationQueries } from './conversation-queries';

/** Marks one of the user's conversations read (or, with `read` false, unread again). */
@Injectable()
export class MarkConversationReadService {
  constructor(
    private readonly conversations: AccountConversationRepository,
    private readonly queries: ConversationQueries,
  ) {}

  async call(viewer: Pick<Account, 'id'>, id: string, read = true): Promise<ConversationJson> {
    const conversation = await this.queries.owned(viewer, id);
    await this.conversations.setUnread(conversation.id, !read);
    conversation.unread = !read;
    return this.queries.present(conversation);
  }
}
