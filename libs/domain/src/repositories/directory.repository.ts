import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Account } from '../entities/account.entity';
import { ReadReplica } from '../read-replica';
import { notExcludedBy } from './relationship-lists.repository';

/**
 * SQL condition on account alias `a`: the account may be found by search (not suspended; a
 * local one has a confirmed, approved, enabled login).
 */
export const searchableAccount = (a = 'a') => `(
  ${a}.suspended_at IS NULL
  AND (${a}.domain IS NOT NULL OR EXISTS (
    SELECT 1 FROM users u WHERE u.account_id = ${a}.id
       AND u.confirmed_at IS NOT NULL AND u.approved AND NOT u.disabled)))`;

/**
 * SQL condition on account alias `a`: the account may be shown to others in listings
 * (searchable, and not silenced, moved or memorialised).
 */
export const listableAccount = (a = 'a') => `(
  ${searchableAccount(a)} AND ${a}.silenced_at IS NULL AND ${a}.moved_to_account_id IS NULL
  AND NOT ${a}.memorial)`;

/** SQL condition: account `a`'s domain is not blocked by `viewer` (a bound `$n`). */
export const domainNotBlockedBy = (viewer: string, a = 'a') => `(
  ${a}.domain IS NULL OR NOT EXISTS (
    SELECT 1 FROM account_domain_blocks d WHERE d.account_id = ${viewer} AND d.domain = ${a}.domain))`;

export interface DirectoryQuery {
  viewerId: string | null;
  offset: number;
  limit: number;
  /** active: most recent post first; new: newest account first. */
  order: 'active' | 'new';
  /** Only accounts of this server. */
  local: boolean;
}

/** The profile directory: accounts that opted in to discovery. */
@Injectable()
export class DirectoryRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly replica: ReadReplica,
  ) {}

  async page(query: DirectoryQuery): Promise<Account[]> {
    const params: unknown[] = [];
    const conditions = ['a.discoverable IS TRUE', listableAccount()];
    if (query.local) conditions.push('a.domain IS NULL');
    if (query.viewerId) {
      params.push(query.viewerId);
      conditions.push(notExcludedBy(`$${params.length}`));
      if (!query.local) conditions.push(domainNotBlockedBy(`$${params.length}`));
    }
    const order =
      query.order === 'new' ? 'a.id DESC' : 's.last_status_at DESC NULLS LAST, a.id DESC';
    params.push(query.offset, query.limit);
    const rows = await this.replica.query<{ id: string }>(
      `SELECT a.id FROM accounts a LEFT JOIN account_stats s ON s.account_id = a.id
        WHERE ${conditions.join(' AND ')}
        ORDER BY ${order} OFFSET $${params.length - 1} LIMIT $${params.length}`,
      params,
    );
    if (rows.length === 0) return [];
    const ids = rows.map((row) => String(row.id));
    const accounts = await this.dataSource.getRepository(Account).findBy({ id: In(ids) });
    const byId = new Map(accounts.map((account) => [String(account.id), account]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
