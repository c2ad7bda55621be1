import { Injectable } from '@nestjs/common';
import { Account, AccountRepository, FollowRecommendationRepository } from '@nestodon/domain';
import { requireLocalAccount } from '../accounts/local-accounts';

/**
 * Adds a local account (by username) to staff's recommended accounts (Mastodon's "bootstrap
 * timeline accounts"): new users follow them and everyone is offered them first in
 * suggestions. Used by the operator CLI (`recommendations add`) and, later, the admin API.
 */
@Injectable()
export class RecommendAccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly recommendations: FollowRecommendationRepository,
  ) {}

  async call(username: string): Promise<Account> {
    const account = await requireLocalAccount(this.accounts, username);
    await this.recommendations.insertRecommendedAccount(account.id);
    return account;
  }
}
