import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  NotPermittedError,
  TransactionRunner,
  UserRepository,
} from '@nestodon/domain';
import { ActionLog } from './action-log';
import { AdminAccountQueries } from './admin-account-queries';
import { Moderator } from './moderator';

export type LiftedSanction = 'enable' | 'unsilence' | 'unsuspend' | 'unsensitive';

/**
 * Undoes an account action: re-enables a login (local accounts only), lifts a silence, a
 * suspension (only of a suspended account) or the sensitive mark. Logged when something
 * changed; lifting what is not there changes nothing. Returns the account as it is now.
 */
@Injectable()
export class LiftAccountSanctionService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly queries: AdminAccountQueries,
    private readonly accounts: AccountRepository,
    private readonly users: UserRepository,
    private readonly log: ActionLog,
  ) {}

  async call(moderator: Moderator, accountId: string, sanction: LiftedSanction): Promise<Account> {
    const { account, facts } = await this.queries.withFacts(accountId);
    const target = { type: 'Account' as const, id: account.id, name: account.username };
    await this.transactions.run(async (tx) => {
      switch (sanction) {
        case 'enable':
          if (!facts.user || account.domain !== null) throw new NotPermittedError();
          if (!facts.user.disabled) return;
          await this.users.update(facts.user.id, { disabled: false }, tx);
          await this.log.record(
            moderator,
            'enable',
            { ...target, type: 'User', id: facts.user.id },
            tx,
          );
          return;
        case 'unsuspend':
          if (account.suspendedAt === null) throw new NotPermittedError();
          await this.accounts.update(account.id, { suspendedAt: null }, tx);
          await this.log.record(moderator, 'unsuspend', target, tx);
          return;
        case 'unsilence':
          if (account.silencedAt === null) return;
          await this.accounts.update(account.id, { silencedAt: null }, tx);
          await this.log.record(moderator, 'unsilence', target, tx);
          return;
        case 'unsensitive':
          if (account.sensitizedAt === null) return;
          await this.accounts.update(account.id, { sensitizedAt: null }, tx);
          await this.log.record(moderator, 'unsensitive', target, tx);
          return;
      }
    });
    return this.queries.byId(account.id);
  }
}
