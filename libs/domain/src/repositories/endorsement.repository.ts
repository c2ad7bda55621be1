import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transaction } from '../transactions';
import { deletePair, deletePairsBetween, deletePairsWithDomain } from './account-pairs';

/** Endorsements (`account_pins`): accounts featured on a profile. */
@Injectable()
export class EndorsementRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records the endorsement; an existing one stays as it is. */
  async insertEndorsement(
    accountId: string,
    targetAccountId: string,
    tx?: Transaction,
  ): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `INSERT INTO account_pins (account_id, target_account_id) VALUES ($1, $2)
       ON CONFLICT (account_id, target_account_id) DO NOTHING`,
      [accountId, targetAccountId],
    );
  }

  /** Whether there was an endorsement to delete. */
  deleteEndorsement(
    accountId: string,
    targetAccountId: string,
    tx?: Transaction,
  ): Promise<boolean> {
    return deletePair(tx ?? this.dataSource.manager, 'account_pins', accountId, targetAccountId);
  }

  /** Deletes the endorsements between two accounts, both ways. */
  async deleteEndorsementsBetween(
    accountId: string,
    otherAccountId: string,
    tx?: Transaction,
  ): Promise<void> {
    await deletePairsBetween(
      tx ?? this.dataSource.manager,
      'account_pins',
      accountId,
      otherAccountId,
    );
  }

  /** Deletes the endorsements between an account and a domain, both ways. */
  async deleteEndorsementsWithDomain(
    accountId: string,
    domain: string,
    tx?: Transaction,
  ): Promise<void> {
    await deletePairsWithDomain(tx ?? this.dataSource.manager, 'account_pins', accountId, domain);
  }
}
