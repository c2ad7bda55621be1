import { Injectable } from '@nestjs/common';
import { Account, AccountRepository, FollowRecommendationRepository } from '@nestodon/domain';
import { requireLocalAccount } from '../accounts/local-accounts';

/** Takes a local account off the recommended accounts (`recommendations remove` of the CLI). */
@Injectable()
export class UnrecommendAccountService {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly recommendations: FollowRecommendationRepository,
  ) {}

  async call(username: string): Promise<Account> {
    const account = await requireLocalAccount(this.accounts, username);
    await this.recommendations.deleteRecommendedAccount(account.id);
    return account;
  }
}
