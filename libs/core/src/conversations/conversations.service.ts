import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  Account,
  AccountConversation,
  isValidId,
  RecordNotFoundError,
  Status,
} from '@nestodon/domain';
import { canViewStatus } from '@nestodon/policies';
import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';
import { ConversationJson, ConversationPresenter } from '@nestodon/serializers';
import { DataSource, In } from 'typeorm';
import { statusFacts, StatusVisibilityService } from '../statuses/status-visibility.service';
import { TimelineStatusLoader } from '../timelines/timeline-status-loader';

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
export function toAccountConversation(row: Record<string, unknown>): AccountConversation {
  const conversation = new AccountConversation();
  for (const [key, value] of Object.entries(row)) {
    (conversation as unknown as Record<string, unknown>)[camel(key)] =
      key === 'participant_account_ids' || key === 'status_ids'
        ? ((value as Array<string | number>) ?? []).map(String)
        : value === null || value instanceof Date || typeof value === 'boolean'
          ? value
          : typeof value === 'number' && key === 'lock_version'
            ? value
            : String(value);
  }
  return conversation;
}

export interface LoadedConversations {
  conversations: AccountConversation[];
  accounts: Map<string, Account>;
  statuses: Map<string, Status>;
  newestCursor: string | null;
  oldestCursor: string | null;
  full: boolean;
}

/**
 * Direct-message conversations, one row per participant and thread: a direct status joins
 * its author's row and (once its mention notification went through) each recipient's, unread
 * for recipients. Listed by their last status; a conversation with someone the user blocks or
 * mutes is not shown (and a block deletes it). Changes are published on the direct channel.
 */
@Injectable()
export class ConversationsService {
  private readonly logger = new Logger(ConversationsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly statuses: TimelineStatusLoader,
    private readonly visibility: StatusVisibilityService,
    private readonly presenter: ConversationPresenter,
    private readonly publisher: PublisherService,
  ) {}

  /** Adds a direct status to `accountId`'s conversation (participants: everyone else in it). */
  async addStatus(accountId: string, status: Status, mentionedAccountIds: string[]): Promise<void> {
    if (!status.conversationId) return;
    const participants = [...new Set([...mentionedAccountIds, status.accountId])]
      .filter((id) => id !== accountId)
      .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `INSERT INTO account_conversations
         (account_id, conversation_id, participant_account_ids, status_ids, last_status_id, unread)
       VALUES ($1, $2, $3::bigint[], ARRAY[$4::bigint], $4, $5)
       ON CONFLICT (account_id, conversation_id, participant_account_ids) DO UPDATE SET
         status_ids = CASE WHEN $4::bigint = ANY(account_conversations.status_ids)
                           THEN account_conversations.status_ids
                           ELSE array_append(account_conversations.status_ids, $4::bigint) END,
         last_status_id = GREATEST(account_conversations.last_status_id, $4::bigint),
         unread = CASE WHEN $4::bigint = ANY(account_conversations.status_ids)
                       THEN account_conversations.unread ELSE $5 END,
         lock_version = account_conversations.lock_version + 1,
         updated_at = now()
       RETURNING *`,
      [accountId, status.conversationId, participants, status.id, status.accountId !== accountId],
    );
    await this.publish(toAccountConversation(rows[0]));
  }

  /** Takes a deleted status out of every conversation holding it. */
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

  async page(
    viewer: Pick<Account, 'id'>,
    window: { maxId?: string; sinceId?: string; minId?: string; limit: number },
  ): Promise<LoadedConversations> {
    const params: unknown[] = [viewer.id];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const conditions = [`c.account_id = $1`, `c.last_status_id IS NOT NULL`, this.notShunned()];
    if (window.maxId) conditions.push(`c.last_status_id < ${bind(window.maxId)}::bigint`);
    if (window.sinceId) conditions.push(`c.last_status_id > ${bind(window.sinceId)}::bigint`);
    if (window.minId) conditions.push(`c.last_status_id > ${bind(window.minId)}::bigint`);
    const ascending = Boolean(window.minId);
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT c.* FROM account_conversations c WHERE ${conditions.join(' AND ')}
        ORDER BY c.last_status_id ${ascending ? 'ASC' : 'DESC'} LIMIT ${bind(window.limit)}`,
      params,
    );
    if (ascending) rows.reverse();
    const conversations = rows.map(toAccountConversation);
    return {
      ...(await this.load(viewer, conversations)),
      newestCursor: conversations[0]?.lastStatusId ?? null,
      oldestCursor: conversations.at(-1)?.lastStatusId ?? null,
      full: rows.length >= window.limit,
    };
  }

  async markRead(
    viewer: Pick<Account, 'id'>,
    id: string,
    unread = false,
  ): Promise<ConversationJson> {
    const conversation = await this.owned(viewer, id);
    await this.dataSource.query(
      `UPDATE account_conversations SET unread = $2, updated_at = now() WHERE id = $1`,
      [conversation.id, unread],
    );
    conversation.unread = unread;
    const loaded = await this.load(viewer, [conversation]);
    const [json] = await this.presenter.presentMany(
      loaded.conversations,
      loaded.accounts,
      loaded.statuses,
      viewer,
    );
    return json;
  }

  async remove(viewer: Pick<Account, 'id'>, id: string): Promise<void> {
    const conversation = await this.owned(viewer, id);
    await this.dataSource.query(`DELETE FROM account_conversations WHERE id = $1`, [
      conversation.id,
    ]);
  }

  private async owned(viewer: Pick<Account, 'id'>, id: string): Promise<AccountConversation> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const rows: Array<Record<string, unknown>> = await this.dataSource.query(
      `SELECT c.* FROM account_conversations c WHERE c.id = $2 AND c.account_id = $1 AND ${this.notShunned()}`,
      [viewer.id, id],
    );
    if (rows.length === 0) throw new RecordNotFoundError();
    return toAccountConversation(rows[0]);
  }

  /** SQL: no participant of `c` is blocked or (live) muted by the viewer ($1). */
  private notShunned(): string {
    return `NOT EXISTS (SELECT 1 FROM blocks b WHERE b.account_id = $1
                         AND b.target_account_id = ANY(c.participant_account_ids))
            AND NOT EXISTS (SELECT 1 FROM mutes m WHERE m.account_id = $1
                         AND m.target_account_id = ANY(c.participant_account_ids)
                         AND (m.expires_at IS NULL OR m.expires_at > now()))`;
  }

  /** Participants and last statuses of conversations (a last status the viewer may not see is left out). */
  async load(
    viewer: Pick<Account, 'id'>,
    conversations: AccountConversation[],
  ): Promise<Pick<LoadedConversations, 'conversations' | 'accounts' | 'statuses'>> {
    const accountIds = [
      ...new Set([viewer.id, ...conversations.flatMap((c) => c.participantAccountIds)]),
    ];
    const statusIds = conversations.flatMap((c) => (c.lastStatusId ? [c.lastStatusId] : []));
    const [accounts, loaded] = await Promise.all([
      this.dataSource.getRepository(Account).findBy({ id: In(accountIds) }),
      this.statuses.load(statusIds),
    ]);
    const relations = await this.visibility.relationsFor(viewer, loaded);
    const visible = loaded.filter((status) => canViewStatus(statusFacts(status), relations));
    return {
      conversations,
      accounts: new Map(accounts.map((account) => [account.id, account])),
      statuses: new Map(visible.map((status) => [status.id, status])),
    };
  }

  private async publish(conversation: AccountConversation): Promise<void> {
    try {
      const viewer = { id: conversation.accountId };
      const loaded = await this.load(viewer, [conversation]);
      const [json] = await this.presenter.presentMany(
        loaded.conversations,
        loaded.accounts,
        loaded.statuses,
        viewer,
      );
      await this.publisher.publish(Channel.direct(conversation.accountId), {
        event: StreamEvent.Conversation,
        payload: JSON.stringify(json),
      });
    } catch (error) {
      this.logger.warn(`conversation ${conversation.id} not published: ${String(error)}`);
    }
  }
}
