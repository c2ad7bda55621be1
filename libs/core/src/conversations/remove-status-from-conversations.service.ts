import { Injectable } from '@nestjs/common';
import { AccountConversationRepository } from '@nestodon/domain';

/** Takes a deleted status out of every conversation holding it (emptied ones go). */
@Injectable()
export class RemoveStatusFromConversationsService {
  constructor(private readonly conversations: AccountConversationRepository) {}

  async call(statusId: string): Promise<void> {
    await this.conversations.removeStatus(statusId);
  }
}
