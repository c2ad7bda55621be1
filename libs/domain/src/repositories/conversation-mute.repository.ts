import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Threads (conversations) an account muted: no notifications from them, `muted: true`. */
@Injectable()
export class ConversationMuteRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(accountId: string, conversationId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO conversation_mutes (account_id, conversation_id) VALUES ($1, $2)
       ON CONFLICT (account_id, conversation_id) DO NOTHING`,
      [accountId, conversationId],
    );
  }

  async delete(accountId: string, conversationId: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM conversation_mutes WHERE account_id = $1 AND conversation_id = $2`,
      [accountId, conversationId],
    );
  }
}
