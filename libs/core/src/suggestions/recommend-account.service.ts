import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, RecordNotFoundError } from '@nestodon/domain';
import { DataSource } from 'typeorm';

/**
 * Staff's list of recommended accounts (Mastodon's "bootstrap timeline accounts"): new users
 * follow them and everyone is offered them first in suggestions. Local accounts by username.
 * Used by the operator CLI (`recommendations add|remove|list`) and, later, the admin API.
 */
@Injectable()
export class RecommendAccountService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async recommend(username: string): Promise<Account> {
    const account = await this.localAccount(username);
    await this.dataSource.query(
      `INSERT INTO recommended_accounts (account_id) VALUES ($1) ON CONFLICT (account_id) DO NOTHING`,
      [account.id],
    );
    return account;
  }

  async unrecommend(username: string): Promise<Account> {
    const account = await this.localAccount(username);
    await this.dataSource.query(`DELETE FROM recommended_accounts WHERE account_id = $1`, [
      account.id,
    ]);
    return account;
  }

  /** In the order they were recommended. */
  async list(): Promise<Account[]> {
    return this.dataSource
      .getRepository(Account)
      .createQueryBuilder('a')
      .innerJoin('recommended_accounts', 'ra', 'ra.account_id = a.id')
      .orderBy('ra.id')
      .getMany();
  }

  private async localAccount(username: string): Promise<Account> {
    const account = await this.dataSource
      .getRepository(Account)
      .createQueryBuilder('a')
      .where('lower(a.username) = lower(:username)', { username: username.replace(/^@/, '') })
      .andWhere('a.domain IS NULL')
      .getOne();
    if (!account) throw new RecordNotFoundError(`No local account is named "${username}"`);
    return account;
  }
}
