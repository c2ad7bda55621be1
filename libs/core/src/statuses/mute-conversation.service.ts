import { Injectable } from '@nestjs/common';
import { Account, ConversationMuteRepository, Status, ValidationError } from '@nestodon/domain';
import { StatusQueries } from './status-queries';

/**
 * A status the account may see and the conversation its thread belongs to (a reblog's is its
 * original's), for muting or unmuting; a status outside any conversation is a 422.
 */
export async function findMutableThread(
  visibility: StatusQueries,
  account: Account,
  statusId: string,
): Promise<{ status: Status; conversationId: string }> {
  const { status } = await visibility.findVisible(statusId, account);
  const conversationId = (status.reblog ?? status).conversationId;
  if (!conversationId) {
    throw new ValidationError('Validation failed: This post is not part of a conversation');
  }
  return { status, conversationId };
}

/**
 * Mutes the thread a status belongs to: the status shows `muted: true`, and notifications from
 * the thread stop (the notifications work reads conversation_mutes).
 */
@Injectable()
export class MuteConversationService {
  constructor(
    private readonly visibility: StatusQueries,
    private readonly mutes: ConversationMuteRepository,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status, conversationId } = await findMutableThread(this.visibility, account, statusId);
    await this.mutes.insert(account.id, conversationId);
    return status;
  }
}
