import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AccountConversation } from '../entities/account-conversation.entity';
import { IdPage, idPageSql } from './id-paging';
import { EntityRowMapper, queryPreparedArrays } from './raw-rows';

/** SQL: no participant of `c` is blocked or (live) muted by the account bound as $1. */
const NOT_SHUNNED = `
  NOT EXISTS (SELECT 1 FROM blocks b WHERE b.account_id = $1
               AND b.target_account_id = ANY(c.participant_account_ids))
  AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.account_id = $1
               AND m.target_account_id = ANY(c.participant_account_ids)
               AND (m.expires_at IS NULL OR m.expires_at > now()))`;

/**
 * Direct-message conversations, one row per participant and thread. Reads leave out
 * conversations with someone the account blocks or mutes.
 */
@Injectable()
export class AccountConversationRepository {
  private readonly rows: EntityRowMapper<AccountConversation>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = new EntityRowMapper(dataSource, AccountConversation, 'c');
  }

  private async select(sql: string, params: unknown[]): Promise<AccountConversation[]> {
    const rows = await queryPreparedArrays(this.dataSource, sql, params);
    return rows.map((row) => this.rows.build(row, 0));
  }

  /**
   * Adds a status to the account's row for this thread and set of participants (created when
   * missing); `unread` applies when the status is new to the row. Returns the row.
   */
  async addStatus(
    accountId: string,
    conversationId: string,
    participantIds: string[],
    statusId: string,
    unread: boolean,
  ): Promise<AccountConversation> {
    const [conversation] = await this.select(
      `INSERT INTO account_conversations AS c
         (account_id, conversation_id, participant_account_ids, status_ids, last_status_id, unread)
       VALUES ($1, $2, $3::bigint[], ARRAY[$4::bigint], $4, $5)
       ON CONFLICT (account_id, conversation_id, participant_account_ids) DO UPDATE SET
         status_ids = CASE WHEN $4::bigint = ANY(c.status_ids) THEN c.status_ids
                           ELSE array_append(c.status_ids, $4::bigint) END,
         last_status_id = GREATEST(c.last_status_id, $4::bigint),
         unread = CASE WHEN $4::bigint = ANY(c.status_ids) THEN c.unread ELSE $5 END,
         lock_version = c.lock_version + 1,
         updated_at = now()
       RETURNING ${this.rows.select}`,
      [accountId, conversationId, participantIds, statusId, unread],
    );
    return conversation;
  }

  /** Takes a deleted status out of every conversation holding it; empty ones go. */
  async removeStatus(statusId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE account_conversations SET
         status_ids = array_remove(status_ids, $1::bigint),
         last_status_id = (SELECT max(x) FROM unnest(array_remove(status_ids, $1::bigint)) x),
         lock_version = lock_version + 1, updated_at = now()
       WHERE $1::bigint = ANY(status_ids)`,
      [statusId],
    );
    await this.dataSource.query(
      `DELETE FROM account_conversations WHERE cardinality(status_ids) = 0`,
    );
  }

  /** A page of the account's conversations by last status, newest first. */
  async page(accountId: string, page: IdPage): Promise<AccountConversation[]> {
    const params: unknown[] = [accountId];
    const conditions = ['c.account_id = $1', 'c.last_status_id IS NOT NULL', NOT_SHUNNED];
    const { tail, reverse } = idPageSql('c.last_status_id', page, conditions, params);
    const list = await this.select(
      `SELECT ${this.rows.select} FROM account_conversations c
        WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    return reverse ? list.reverse() : list;
  }

  /** One of the account's conversations, or null. */
  async owned(accountId: string, id: string): Promise<AccountConversation | null> {
    const [conversation] = await this.select(
      `SELECT ${this.rows.select} FROM account_conversations c
        WHERE c.id = $2 AND c.account_id = $1 AND ${NOT_SHUNNED}`,
      [accountId, id],
    );
    return conversation ?? null;
  }

  async setUnread(id: string, unread: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE account_conversations SET unread = $2, updated_at = now() WHERE id = $1`,
      [id, unread],
    );
  }

  /** Deletes the account's conversations in which `participantId` takes part (it was blocked). */
  async deleteWithParticipant(accountId: string, participantId: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM account_conversations
        WHERE account_id = $1 AND $2::bigint = ANY(participant_account_ids)`,
      [accountId, participantId],
    );
  }

  async delete(id: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM account_conversations WHERE id = $1`, [id]);
  }
}
