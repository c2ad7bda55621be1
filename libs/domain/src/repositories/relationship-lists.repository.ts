import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Account } from '../entities/account.entity';
import { Tag } from '../entities/tag.entity';
import { IdPage, idPageSql } from './id-paging';
import { ACTIVE_MUTE } from './relationships.repository';

/** A listed account and the id of the relation row that pages the list (Link headers). */
export interface ListedAccount {
  rowId: string;
  account: Account;
}

export interface ListedMute extends ListedAccount {
  expiresAt: Date | null;
}

/**
 * SQL condition on account alias `a`: not excluded for `viewer` (bound as `$n`), i.e. no block
 * either way and no active mute by the viewer.
 */
export const notExcludedBy = (viewer: string, a = 'a') => `
  NOT EXISTS (SELECT 1 FROM blocks b
               WHERE (b.account_id = ${viewer} AND b.target_account_id = ${a}.id)
                  OR (b.account_id = ${a}.id AND b.target_account_id = ${viewer}))
  AND NOT EXISTS (SELECT 1 FROM mutes m
                   WHERE m.account_id = ${viewer} AND m.target_account_id = ${a}.id
                     AND ${ACTIVE_MUTE})`;

/**
 * The paged account lists around relationships. Each page is two queries whatever its size:
 * the relation rows (filtered in SQL, so pages stay full), then their accounts.
 */
@Injectable()
export class RelationshipListsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Followers of `ownerId`, newest follow first. With `excludeFor`, accounts that viewer blocks,
   * mutes or is blocked by are left out. Suspended accounts never appear.
   */
  followers(ownerId: string, page: IdPage, excludeFor: string | null): Promise<ListedAccount[]> {
    return this.network('target_account_id', 'account_id', ownerId, page, excludeFor);
  }

  /** Accounts `ownerId` follows, newest follow first; filtering as followers(). */
  following(ownerId: string, page: IdPage, excludeFor: string | null): Promise<ListedAccount[]> {
    return this.network('account_id', 'target_account_id', ownerId, page, excludeFor);
  }

  private network(
    ownerColumn: string,
    otherColumn: string,
    ownerId: string,
    page: IdPage,
    excludeFor: string | null,
  ): Promise<ListedAccount[]> {
    const params: unknown[] = [ownerId];
    const conditions = [`f.${ownerColumn} = $1`, 'a.suspended_at IS NULL'];
    if (excludeFor) {
      params.push(excludeFor);
      conditions.push(notExcludedBy(`$${params.length}`));
    }
    const { tail, reverse } = idPageSql('f.id', page, conditions, params);
    return this.accountPage(
      `SELECT f.id AS row_id, f.${otherColumn} AS account_id
         FROM follows f JOIN accounts a ON a.id = f.${otherColumn}
        WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
      reverse,
    );
  }

  /** Accounts `accountId` blocks, newest block first. */
  blocks(accountId: string, page: IdPage): Promise<ListedAccount[]> {
    const params: unknown[] = [accountId];
    const conditions = ['b.account_id = $1'];
    const { tail, reverse } = idPageSql('b.id', page, conditions, params);
    return this.accountPage(
      `SELECT b.id AS row_id, b.target_account_id AS account_id FROM blocks b
        WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
      reverse,
    );
  }

  /** Accounts `accountId` mutes (expired mutes excluded), newest first. */
  async mutes(accountId: string, page: IdPage): Promise<ListedMute[]> {
    const params: unknown[] = [accountId];
    const conditions = ['m.account_id = $1', ACTIVE_MUTE];
    const { tail, reverse } = idPageSql('m.id', page, conditions, params);
    const rows = await this.accountPage(
      `SELECT m.id AS row_id, m.target_account_id AS account_id, m.expires_at FROM mutes m
        WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
      reverse,
    );
    return rows.map(({ raw, ...row }) => ({ ...row, expiresAt: raw.expires_at as Date | null }));
  }

  /** Accounts waiting for `accountId` to accept their follow, newest first. */
  followRequests(accountId: string, page: IdPage): Promise<ListedAccount[]> {
    const params: unknown[] = [accountId];
    const conditions = ['r.target_account_id = $1', 'a.suspended_at IS NULL'];
    const { tail, reverse } = idPageSql('r.id', page, conditions, params);
    return this.accountPage(
      `SELECT r.id AS row_id, r.account_id FROM follow_requests r
         JOIN accounts a ON a.id = r.account_id
        WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
      reverse,
    );
  }

  /** Accounts `accountId` asked to follow and that have not answered yet, newest first. */
  outgoingFollowRequests(accountId: string, page: IdPage): Promise<ListedAccount[]> {
    const params: unknown[] = [accountId];
    const conditions = ['r.account_id = $1', 'a.suspended_at IS NULL'];
    const { tail, reverse } = idPageSql('r.id', page, conditions, params);
    return this.accountPage(
      `SELECT r.id AS row_id, r.target_account_id AS account_id FROM follow_requests r
         JOIN accounts a ON a.id = r.target_account_id
        WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
      reverse,
    );
  }

  /**
   * How many accounts of `domain` the account follows and how many follow it (what blocking
   * that domain would end).
   */
  async domainRelationCounts(
    accountId: string,
    domain: string,
  ): Promise<{ following: number; followers: number }> {
    const [row]: Array<{ following: number; followers: number }> = await this.dataSource.query(
      `SELECT
         (SELECT count(*)::int FROM follows f JOIN accounts a ON a.id = f.target_account_id
           WHERE f.account_id = $1 AND a.domain = $2) AS following,
         (SELECT count(*)::int FROM follows f JOIN accounts a ON a.id = f.account_id
           WHERE f.target_account_id = $1 AND a.domain = $2) AS followers`,
      [accountId, domain],
    );
    return row;
  }

  /**
   * Pending follow requests to the account, counted up to `cap` (credential accounts), every
   * request as Mastodon counts them.
   */
  async countFollowRequests(accountId: string, cap = 40): Promise<number> {
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS count
         FROM (SELECT 1 FROM follow_requests WHERE target_account_id = $1 LIMIT $2) capped`,
      [accountId, cap],
    );
    return row?.count ?? 0;
  }

  /** Accounts `accountId` endorses on its profile, newest first; suspended ones left out. */
  endorsements(accountId: string, page: IdPage): Promise<ListedAccount[]> {
    const params: unknown[] = [accountId];
    const conditions = ['p.account_id = $1', 'a.suspended_at IS NULL'];
    const { tail, reverse } = idPageSql('p.id', page, conditions, params);
    return this.accountPage(
      `SELECT p.id AS row_id, p.target_account_id AS account_id FROM account_pins p
         JOIN accounts a ON a.id = p.target_account_id
        WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
      reverse,
    );
  }

  /** Domains `accountId` blocks, newest first. */
  async domainBlocks(
    accountId: string,
    page: IdPage,
  ): Promise<Array<{ rowId: string; domain: string }>> {
    const params: unknown[] = [accountId];
    const conditions = ['d.account_id = $1'];
    const { tail, reverse } = idPageSql('d.id', page, conditions, params);
    const rows: Array<{ id: string; domain: string }> = await this.dataSource.query(
      `SELECT d.id, d.domain FROM account_domain_blocks d WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    if (reverse) rows.reverse();
    return rows.map((row) => ({ rowId: String(row.id), domain: row.domain }));
  }

  /** Hashtags `accountId` follows, newest first. */
  async followedTags(accountId: string, page: IdPage): Promise<Array<{ rowId: string; tag: Tag }>> {
    const params: unknown[] = [accountId];
    const conditions = ['tf.account_id = $1'];
    const { tail, reverse } = idPageSql('tf.id', page, conditions, params);
    const rows: Array<{ id: string; tag_id: string }> = await this.dataSource.query(
      `SELECT tf.id, tf.tag_id FROM tag_follows tf WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    if (reverse) rows.reverse();
    if (rows.length === 0) return [];
    const tags = await this.dataSource
      .getRepository(Tag)
      .findBy({ id: In(rows.map((row) => String(row.tag_id))) });
    const byId = new Map(tags.map((tag) => [String(tag.id), tag]));
    return rows.flatMap((row) => {
      const tag = byId.get(String(row.tag_id));
      return tag ? [{ rowId: String(row.id), tag }] : [];
    });
  }

  /**
   * For each account, the accounts `viewerId` follows that follow it too (one query for all).
   * Followers that hide their network, suspended followers and accounts hiding their own
   * network contribute nothing.
   */
  async familiarFollowers(viewerId: string, accountIds: string[]): Promise<Map<string, Account[]>> {
    const result = new Map<string, Account[]>(accountIds.map((id) => [id, []]));
    if (accountIds.length === 0) return result;
    const rows: Array<{ target_id: string; follower_id: string }> = await this.dataSource.query(
      `SELECT f.target_account_id AS target_id, f.account_id AS follower_id
         FROM follows f
         JOIN follows mine ON mine.account_id = $1 AND mine.target_account_id = f.account_id
         JOIN accounts fa ON fa.id = f.account_id
         JOIN accounts t ON t.id = f.target_account_id
        WHERE f.target_account_id = ANY($2::bigint[])
          AND fa.suspended_at IS NULL AND fa.hide_collections IS NOT TRUE
          AND t.hide_collections IS NOT TRUE
        ORDER BY f.id DESC`,
      [viewerId, accountIds],
    );
    const followers = await this.loadAccounts(rows.map((row) => String(row.follower_id)));
    for (const row of rows) {
      const account = followers.get(String(row.follower_id));
      if (account) result.get(String(row.target_id))?.push(account);
    }
    return result;
  }

  private async accountPage(
    sql: string,
    params: unknown[],
    reverse: boolean,
  ): Promise<Array<ListedAccount & { raw: Record<string, unknown> }>> {
    const rows: Array<{ row_id: string; account_id: string } & Record<string, unknown>> =
      await this.dataSource.query(sql, params);
    if (reverse) rows.reverse();
    const accounts = await this.loadAccounts(rows.map((row) => String(row.account_id)));
    return rows.flatMap((row) => {
      const account = accounts.get(String(row.account_id));
      return account ? [{ rowId: String(row.row_id), account, raw: row }] : [];
    });
  }

  private async loadAccounts(ids: string[]): Promise<Map<string, Account>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const accounts = await this.dataSource.getRepository(Account).findBy({ id: In(unique) });
    return new Map(accounts.map((account) => [String(account.id), account]));
  }
}
