import { Injectable } from '@nestjs/common';
import { Account, Status, ValidationError } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { StatusVisibilityService } from './status-visibility.service';

/** Unmutes the thread a status belongs to. */
@Injectable()
export class UnmuteConversationService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: StatusVisibilityService,
  ) {}

  async call(account: Account, statusId: string): Promise<Status> {
    const { status } = await this.visibility.findVisible(statusId, account);
    const conversationId = (status.reblog ?? status).conversationId;
    if (!conversationId) {
      throw new ValidationError('Validation failed: This post is not part of a conversation');
    }
    await this.dataSource.query(
      `DELETE FROM conversation_mutes WHERE account_id = $1 AND conversation_id = $2`,
      [account.id, conversationId],
    );
    return status;
  }
}
