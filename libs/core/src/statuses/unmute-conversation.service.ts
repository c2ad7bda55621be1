import { Injectable } from '@nestjs/common';
import { Account, ConversationMuteRepository, Status } from '@nestodon/domain';
import { findMutableThread } from './mute-conversation.service';
import { StatusQueries } from './status-queries';

/** Unmutes the thread a status belongs to. */
@Injectable()
export class UnmuteConversationService {
  constructor(
    private readonly visibility: StatusQueries,
    private readonly mutes: ConversationMuteRepository,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status, conversationId } = await findMutableThread(this.visibility, account, statusId);
    await this.mutes.delete(account.id, conversationId);
    return status;
  }
}
