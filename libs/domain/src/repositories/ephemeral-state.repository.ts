import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** Rows not yet expired (NULL: kept until deleted). */
const LIVE = `(expires_at IS NULL OR expires_at > now())`;

/**
 * `ephemeral_values` and `ephemeral_set_members`: the PostgreSQL side of the state Redis keeps
 * when it is there (values with an expiry, counters, sets of distinct members). Each method is
 * one statement, so concurrent callers need no transaction; expired rows are ignored by every
 * read, taken over by writes and deleted by `purgeExpired`.
 */
@Injectable()
export class EphemeralStateRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The live values of `keys`; keys without one are absent. */
  async values(keys: readonly string[]): Promise<Map<string, string>> {
    if (keys.length === 0) return new Map();
    const rows: Array<{ key: string; value: string }> = await this.dataSource.query(
      `SELECT key, value FROM ephemeral_values WHERE key = ANY($1::text[]) AND ${LIVE}`,
      [keys],
    );
    return new Map(rows.map((row) => [row.key, row.value]));
  }

  /** Live values whose key starts with `prefix`, in key order. */
  async valuesWithPrefix(prefix: string): Promise<Array<{ key: string; value: string }>> {
    return this.dataSource.query(
      `SELECT key, value FROM ephemeral_values WHERE starts_with(key, $1) AND ${LIVE} ORDER BY key`,
      [prefix],
    );
  }

  async put(key: string, value: string, expiresAt: Date | null): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ephemeral_values (key, value, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
      [key, value, expiresAt],
    );
  }

  /** Stores the value unless the key holds a live one; whether it did. */
  async putIfAbsent(key: string, value: string, expiresAt: Date | null): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO ephemeral_values AS v (key, value, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
       WHERE v.expires_at <= now()
       RETURNING 1`,
      [key, value, expiresAt],
    );
    return rows.length === 1;
  }

  /** Replaces the live value `expected` (null: no live value) with `value`; whether it did. */
  async compareAndPut(
    key: string,
    expected: string | null,
    value: string,
    expiresAt: Date | null,
  ): Promise<boolean> {
    if (expected === null) return this.putIfAbsent(key, value, expiresAt);
    // A SELECT around the UPDATE: TypeORM answers a bare UPDATE with [rows, count].
    const [row]: Array<{ swapped: boolean }> = await this.dataSource.query(
      `WITH swapped AS (
         UPDATE ephemeral_values SET value = $3, expires_at = $4
         WHERE key = $1 AND value = $2 AND ${LIVE}
         RETURNING 1
       )
       SELECT EXISTS (SELECT 1 FROM swapped) AS swapped`,
      [key, expected, value, expiresAt],
    );
    return row.swapped;
  }

  /**
   * Adds one to the counter at `key` (a missing or expired one starts at 1) and sets its
   * expiry; the new count.
   */
  async increment(key: string, expiresAt: Date): Promise<number> {
    const [row]: Array<{ count: string }> = await this.dataSource.query(
      `INSERT INTO ephemeral_values AS v (key, value, expires_at) VALUES ($1, '1', $2)
       ON CONFLICT (key) DO UPDATE SET
         value = CASE WHEN v.expires_at <= now() THEN '1' ELSE (v.value::bigint + 1)::text END,
         expires_at = EXCLUDED.expires_at
       RETURNING value AS count`,
      [key, expiresAt],
    );
    return Number(row.count);
  }

  /** Deletes the values of `keys`. */
  async deleteValues(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.dataSource.query(`DELETE FROM ephemeral_values WHERE key = ANY($1::text[])`, [keys]);
  }

  /** Deletes the values whose key starts with `prefix`; how many live ones there were. */
  async deleteValuesWithPrefix(prefix: string): Promise<number> {
    const [row]: Array<{ count: string }> = await this.dataSource.query(
      `WITH deleted AS (
         DELETE FROM ephemeral_values WHERE starts_with(key, $1) RETURNING expires_at
       )
       SELECT count(*) AS count FROM deleted WHERE ${LIVE}`,
      [prefix],
    );
    return Number(row.count);
  }

  /** Adds `member` to the set at `key` and sets the expiry of the whole set. */
  async addMember(key: string, member: string, expiresAt: Date): Promise<void> {
    await this.dataSource.query(
      `WITH added AS (
         INSERT INTO ephemeral_set_members (key, member, expires_at) VALUES ($1, $2, $3)
         ON CONFLICT (key, member) DO UPDATE SET expires_at = EXCLUDED.expires_at
       )
       UPDATE ephemeral_set_members SET expires_at = $3 WHERE key = $1 AND member <> $2`,
      [key, member, expiresAt],
    );
  }

  /** How many live members each set has; sets without any are absent. */
  async memberCounts(keys: readonly string[]): Promise<Map<string, number>> {
    if (keys.length === 0) return new Map();
    const rows: Array<{ key: string; count: string }> = await this.dataSource.query(
      `SELECT key, count(*) AS count FROM ephemeral_set_members
       WHERE key = ANY($1::text[]) AND ${LIVE}
       GROUP BY key`,
      [keys],
    );
    return new Map(rows.map((row) => [row.key, Number(row.count)]));
  }

  /** Deletes the sets at `keys`. */
  async deleteSets(keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.dataSource.query(`DELETE FROM ephemeral_set_members WHERE key = ANY($1::text[])`, [
      keys,
    ]);
  }

  /** Deletes expired values and set members; how many rows went. */
  async purgeExpired(): Promise<number> {
    const [row]: Array<{ count: string }> = await this.dataSource.query(
      `WITH values_gone AS (
         DELETE FROM ephemeral_values WHERE expires_at <= now() RETURNING 1
       ), members_gone AS (
         DELETE FROM ephemeral_set_members WHERE expires_at <= now() RETURNING 1
       )
       SELECT (SELECT count(*) FROM values_gone) + (SELECT count(*) FROM members_gone) AS count`,
    );
    return Number(row.count);
  }
}
