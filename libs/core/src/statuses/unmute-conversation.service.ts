import { Injectable } from '@nestjs/common';
import { Account, Status } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { findMutableThread } from './mute-conversation.service';
import { StatusVisibilityService } from './status-visibility.service';

/** Unmutes the thread a status belongs to. */
@Injectable()
export class UnmuteConversationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: StatusVisibilityService,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status, conversationId } = await findMutableThread(this.visibility, account, statusId);
    await this.dataSource.query(
      `DELETE FROM conversation_mutes WHERE account_id = $1 AND conversation_id = $2`,
      [account.id, conversationId],
    );
    return status;
  }
}
