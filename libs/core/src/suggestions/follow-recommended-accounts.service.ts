import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, DomainError } from '@nestodon/domain';
import { DataSource } from 'typeorm';
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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly follows: FollowService,
  ) {}

  async followAll(account: Account): Promise<string[]> {
    try {
      return await this.followEach(account);
    } catch (error) {
      this.logger.warn(`could not follow recommended accounts: ${(error as Error).message}`);
      return [];
    }
  }

  private async followEach(account: Account): Promise<string[]> {
    const targets: Account[] = await this.dataSource
      .getRepository(Account)
      .createQueryBuilder('a')
      .innerJoin('recommended_accounts', 'ra', 'ra.account_id = a.id')
      .leftJoin('users', 'u', 'u.account_id = a.id')
      .where('a.id <> :id', { id: account.id })
      .andWhere('a.locked = false AND a.suspended_at IS NULL AND a.silenced_at IS NULL')
      .andWhere('a.moved_to_account_id IS NULL')
      .andWhere(
        '(a.domain IS NOT NULL OR (u.confirmed_at IS NOT NULL AND u.approved AND NOT u.disabled))',
      )
      .orderBy('ra.id')
      .getMany();
    const followed: string[] = [];
    for (const target of targets) {
      try {
        await this.follows.follow(account, target, { bypassLimit: true });
        followed.push(target.id);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        this.logger.warn(`could not follow ${target.id}: ${error.message}`);
      }
    }
    return followed;
  }
}
