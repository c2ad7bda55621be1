import { EntityManager } from 'typeorm';

/** Tables with at most one row per (account_id, target_account_id) pair. */
export type AccountPairTable =
  | 'follows'
  | 'follow_requests'
  | 'blocks'
  | 'mutes'
  | 'account_pins'
  | 'account_notes'
  | 'account_interactions';

/** A row of an account pair table: `accountId` → `targetAccountId`. */
export interface AccountPair {
  accountId: string;
  targetAccountId: string;
}

type PairRow = { account_id: string; target_account_id: string };

const toPairs = (rows: PairRow[]): AccountPair[] =>
  rows.map((row) => ({
    accountId: String(row.account_id),
    targetAccountId: String(row.target_account_id),
  }));

/** Deletes the row `accountId` → `targetAccountId`; whether there was one. */
export async function deletePair(
  manager: EntityManager,
  table: AccountPairTable,
  accountId: string,
  targetAccountId: string,
): Promise<boolean> {
  const [, count]: [unknown[], number] = await manager.query(
    `DELETE FROM ${table} WHERE account_id = $1 AND target_account_id = $2`,
    [accountId, targetAccountId],
  );
  return count > 0;
}

/** Deletes the rows between two accounts, either way round; returns what was deleted. */
export async function deletePairsBetween(
  manager: EntityManager,
  table: AccountPairTable,
  accountId: string,
  otherAccountId: string,
): Promise<AccountPair[]> {
  const [deleted]: [PairRow[], number] = await manager.query(
    `DELETE FROM ${table}
      WHERE (account_id = $1 AND target_account_id = $2)
         OR (account_id = $2 AND target_account_id = $1)
      RETURNING account_id, target_account_id`,
    [accountId, otherAccountId],
  );
  return toPairs(deleted);
}

/**
 * Deletes the rows between `accountId` and any account on `domain`, either way round; returns
 * what was deleted.
 */
export async function deletePairsWithDomain(
  manager: EntityManager,
  table: AccountPairTable,
  accountId: string,
  domain: string,
): Promise<AccountPair[]> {
  const [deleted]: [PairRow[], number] = await manager.query(
    `DELETE FROM ${table} r USING accounts a
      WHERE a.domain = $2
        AND ((r.account_id = $1 AND r.target_account_id = a.id)
          OR (r.target_account_id = $1 AND r.account_id = a.id))
      RETURNING r.account_id, r.target_account_id`,
    [accountId, domain],
  );
  return toPairs(deleted);
}
