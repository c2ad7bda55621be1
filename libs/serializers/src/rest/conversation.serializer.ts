import { Injectable } from '@nestjs/common';
import { Account, AccountConversation, Status } from '@nestodon/domain';
import { AccountJson, AccountPresenter } from './account.serializer';
import { StatusJson, StatusPresenter } from './status.serializer';

/** Mastodon's Conversation entity. */
export interface ConversationJson {
  id: string;
  unread: boolean;
  accounts: AccountJson[];
  last_status: StatusJson | null;
}

/**
 * Renders conversations for their owner: the other participants (the owner alone when there
 * are none) and the last status, in a constant number of queries.
 */
@Injectable()
export class ConversationPresenter {
  constructor(
    private readonly accounts: AccountPresenter,
    private readonly statuses: StatusPresenter,
  ) {}

  async presentMany(
    conversations: AccountConversation[],
    accounts: Map<string, Account>,
    statuses: Map<string, Status>,
    viewer: Pick<Account, 'id'>,
  ): Promise<ConversationJson[]> {
    const participants = conversations.map((conversation) => {
      const others = conversation.participantAccountIds.flatMap((id) =>
        accounts.has(id) ? [accounts.get(id)!] : [],
      );
      return others.length ? others : accounts.has(viewer.id) ? [accounts.get(viewer.id)!] : [];
    });
    const accountList = [...new Map(participants.flat().map((a) => [a.id, a])).values()];
    const statusList = conversations.flatMap((c) =>
      c.lastStatusId && statuses.has(c.lastStatusId) ? [statuses.get(c.lastStatusId)!] : [],
    );
    const [accountJson, statusJson] = await Promise.all([
      this.accounts.presentMany(accountList),
      this.statuses.presentMany(statusList, viewer, { filterContext: 'thread' }),
    ]);
    const accountById = new Map(accountList.map((account, i) => [account.id, accountJson[i]]));
    const statusById = new Map(statusList.map((status, i) => [status.id, statusJson[i]]));
    return conversations.map((conversation, index) => ({
      id: String(conversation.id),
      unread: conversation.unread,
      accounts: participants[index].map((account) => accountById.get(account.id)!),
      last_status: (conversation.lastStatusId && statusById.get(conversation.lastStatusId)) || null,
    }));
  }
}
