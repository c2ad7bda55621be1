import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountConversation,
  AccountConversationRepository,
  AccountRepository,
  IdPage,
  isValidId,
  RecordNotFoundError,
  Status,
  StatusRepository,
} from '@nestodon/domain';
import { canViewStatus } from '@nestodon/policies';
import { ConversationJson, ConversationPresenter } from '@nestodon/serializers';
import { statusFacts, StatusQueries } from '../statuses/status-queries';

export interface LoadedConversations {
  conversations: AccountConversation[];
  accounts: Map<string, Account>;
  statuses: Map<string, Status>;
  newestCursor: string | null;
  oldestCursor: string | null;
  full: boolean;
}

/**
 * A user's direct-message conversations, listed by their last status (paged by it), with
 * participants and last statuses. Conversations with someone the user blocks or mutes are
 * not shown.
 */
@Injectable()
export class ConversationQueries {
  constructor(
    private readonly conversations: AccountConversationRepository,
    private readonly accounts: AccountRepository,
    private readonly statuses: StatusRepository,
    private readonly visibility: StatusQueries,
    private readonly presenter: ConversationPresenter,
  ) {}

  async page(viewer: Pick<Account, 'id'>, page: IdPage): Promise<LoadedConversations> {
    const conversations = await this.conversations.page(viewer.id, page);
    return {
      ...(await this.load(viewer, conversations)),
      newestCursor: conversations[0]?.lastStatusId ?? null,
      oldestCursor: conversations.at(-1)?.lastStatusId ?? null,
      full: conversations.length >= page.limit,
    };
  }

  /** One of the viewer's conversations (404 for anyone else's). */
  async owned(viewer: Pick<Account, 'id'>, id: string): Promise<AccountConversation> {
    if (!isValidId(id)) throw new RecordNotFoundError();
    const conversation = await this.conversations.owned(viewer.id, id);
    if (!conversation) throw new RecordNotFoundError();
    return conversation;
  }

  /** A conversation as its owner sees it (the Conversation entity). */
  async present(conversation: AccountConversation): Promise<ConversationJson> {
    const viewer = { id: conversation.accountId };
    const loaded = await this.load(viewer, [conversation]);
    const [json] = await this.presenter.presentMany(
      loaded.conversations,
      loaded.accounts,
      loaded.statuses,
      viewer,
    );
    return json;
  }

  /** Participants and last statuses of conversations (a last status the viewer may not see is left out). */
  private async load(
    viewer: Pick<Account, 'id'>,
    conversations: AccountConversation[],
  ): Promise<Pick<LoadedConversations, 'conversations' | 'accounts' | 'statuses'>> {
    const statusIds = conversations.flatMap((c) => (c.lastStatusId ? [c.lastStatusId] : []));
    const [accounts, loaded] = await Promise.all([
      this.accounts.findByIds([
        viewer.id,
        ...conversations.flatMap((c) => c.participantAccountIds),
      ]),
      this.statuses.findPage(statusIds),
    ]);
    const relations = await this.visibility.relationsFor(viewer, loaded);
    const visible = loaded.filter((status) => canViewStatus(statusFacts(status), relations));
    return {
      conversations,
      accounts: new Map(accounts.map((account) => [account.id, account])),
      statuses: new Map(visible.map((status) => [status.id, status])),
    };
  }
}
