import { Injectable, Logger } from '@nestjs/common';
import { Account, DomainError, FollowRecommendationRepository } from '@nestodon/domain';
import { FollowService } from '../relationships/follow.service';

/**
 * Makes a new account follow the accounts staff recommend (recommended_accounts), so its home
 * feed is not empty on the first day. Locked, suspended, silenced, moved and unconfirmed
 * recommended accounts are skipped; one failing follow does not stop the others, and nothing
 * here fails the sign-up (problems are logged). Called once a new account can be used: at
 * creation when it is confirmed and approved (CreateLocalAccountService), otherwise when its
 * e-mail is confirmed (ConfirmEmailService). Returns the followed ids.
 */
@Injectable()
export class FollowRecommendedAccountsService {
  private readonly logger = new Logger('FollowRecommendedAccounts');

  constructor(
    private readonly recommendations: FollowRecommendationRepository,
    private readonly follows: FollowService,
  ) {}

  async call(account: Account): Promise<string[]> {
    try {
      return await this.followEach(account);
    } catch (error) {
      this.logger.warn(`could not follow recommended accounts: ${(error as Error).message}`);
      return [];
    }
  }

  private async followEach(account: Account): Promise<string[]> {
    const targets = await this.recommendations.followableRecommendedAccounts(account.id);
    const followed: string[] = [];
    for (const target of targets) {
      try {
        await this.follows.call(account, target, { bypassLimit: true });
        followed.push(target.id);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        this.logger.warn(`could not follow ${target.id}: ${error.message}`);
      }
    }
    return followed;
  }
}
