import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/** A unique index whose order depends on a collation, so a changed C library can corrupt it. */
export interface CollatedUniqueIndex {
  table: string;
  name: string;
  /** The indexed columns and expressions, as SQL. */
  keys: string[];
  /** The partial index's WHERE clause, if any. */
  predicate: string | null;
}

/** A foreign key column pointing at a table's `id`. */
export interface IdReference {
  table: string;
  column: string;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * What `maintenance fix-duplicates` reads and repairs. After the C library's collation rules
 * change under PostgreSQL (https://wiki.postgresql.org/wiki/Locale_data_changes), a unique
 * index on text may no longer find the rows it holds and let duplicates in; nothing here
 * trusts those indexes: duplicates are found by scanning the tables, and the indexes are
 * rebuilt at the end. Everything is read from the catalog, so tables added later are covered.
 */
@Injectable()
export class DuplicateRepairRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Unique (non-primary) indexes with a collatable key, of the public schema's tables with an id. */
  async collatedUniqueIndexes(): Promise<CollatedUniqueIndex[]> {
    const rows: Array<{ table: string; name: string; keys: string[]; predicate: string | null }> =
      await this.dataSource.query(
        `SELECT t.relname AS table, i.relname AS name,
                array(SELECT pg_get_indexdef(x.indexrelid, k, true)
                        FROM generate_series(1, x.indnkeyatts) k) AS keys,
                pg_get_expr(x.indpred, x.indrelid, true) AS predicate
           FROM pg_index x
           JOIN pg_class i ON i.oid = x.indexrelid
           JOIN pg_class t ON t.oid = x.indrelid
           JOIN pg_namespace n ON n.oid = t.relnamespace
          WHERE n.nspname = 'public' AND x.indisunique AND NOT x.indisprimary
            AND EXISTS (SELECT 1 FROM unnest(x.indcollation::oid[]) c WHERE c <> 0)
            AND EXISTS (SELECT 1 FROM pg_attribute a
                         WHERE a.attrelid = t.oid AND a.attname = 'id' AND NOT a.attisdropped)
          ORDER BY t.relname, i.relname`,
      );
    return rows;
  }

  /** Every index of the public schema with a collatable key, unique or not. */
  async collatedIndexNames(): Promise<string[]> {
    const rows: Array<{ name: string }> = await this.dataSource.query(
      `SELECT i.relname AS name
         FROM pg_index x
         JOIN pg_class i ON i.oid = x.indexrelid
         JOIN pg_namespace n ON n.oid = i.relnamespace
        WHERE n.nspname = 'public'
          AND EXISTS (SELECT 1 FROM unnest(x.indcollation::oid[]) c WHERE c <> 0)
        ORDER BY i.relname`,
    );
    return rows.map((row) => row.name);
  }

  /**
   * Groups of row ids that share the index's key, oldest first, found by scanning the table
   * (index scans are off: the index itself is what may be wrong).
   */
  async duplicateGroups(index: CollatedUniqueIndex): Promise<string[][]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_indexscan = off');
      await manager.query('SET LOCAL enable_indexonlyscan = off');
      await manager.query('SET LOCAL enable_bitmapscan = off');
      const rows: Array<{ ids: string[] }> = await manager.query(
        `SELECT array_agg(id::text ORDER BY id) AS ids FROM ${quote(index.table)}
          ${index.predicate ? `WHERE ${index.predicate}` : ''}
          GROUP BY ${index.keys.join(', ')} HAVING count(*) > 1`,
      );
      return rows.map((row) => row.ids);
    });
  }

  /** The single-column foreign keys that point at `table.id`. */
  async referencesTo(table: string): Promise<IdReference[]> {
    return this.dataSource.query(
      `SELECT c.relname AS table, a.attname AS column
         FROM pg_constraint k
         JOIN pg_class c ON c.oid = k.conrelid
         JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]
         JOIN pg_class r ON r.oid = k.confrelid
         JOIN pg_attribute ra ON ra.attrelid = k.confrelid AND ra.attnum = k.confkey[1]
        WHERE k.contype = 'f' AND r.relname = $1 AND ra.attname = 'id'
          AND array_length(k.conkey, 1) = 1
        ORDER BY c.relname, a.attname`,
      [table],
    );
  }

  /**
   * Points every reference to `duplicateIds` at `keepId`, then deletes the duplicates. A
   * referencing row that would then repeat one of the kept row's (a follow of both copies, say)
   * is deleted instead: the kept row already has it.
   */
  async mergeInto(
    table: string,
    keepId: string,
    duplicateIds: string[],
    references: IdReference[],
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      for (const reference of references) {
        await this.repoint(manager, reference, keepId, duplicateIds);
      }
      await manager.query(`DELETE FROM ${quote(table)} WHERE id = ANY($1::bigint[])`, [
        duplicateIds,
      ]);
    });
  }

  private async repoint(
    manager: EntityManager,
    { table, column }: IdReference,
    keepId: string,
    duplicateIds: string[],
  ): Promise<void> {
    const update = `UPDATE ${quote(table)} SET ${quote(column)} = $1`;
    await manager.query('SAVEPOINT repoint');
    try {
      await manager.query(`${update} WHERE ${quote(column)} = ANY($2::bigint[])`, [
        keepId,
        duplicateIds,
      ]);
      await manager.query('RELEASE SAVEPOINT repoint');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      await manager.query('ROLLBACK TO SAVEPOINT repoint');
    }
    // Some rows collide with the kept row's own: move them one by one, dropping the collisions.
    const rows: Array<{ ctid: string }> = await manager.query(
      `SELECT ctid::text FROM ${quote(table)} WHERE ${quote(column)} = ANY($1::bigint[])`,
      [duplicateIds],
    );
    for (const { ctid } of rows) {
      await manager.query('SAVEPOINT repoint_row');
      try {
        await manager.query(`${update} WHERE ctid = $2::tid`, [keepId, ctid]);
        await manager.query('RELEASE SAVEPOINT repoint_row');
      } catch (error) {
        if ((error as { code?: string }).code !== '23505') throw error;
        await manager.query('ROLLBACK TO SAVEPOINT repoint_row');
        await manager.query(`DELETE FROM ${quote(table)} WHERE ctid = $1::tid`, [ctid]);
      }
    }
  }

  /** Local accounts sharing a username: each but the kept one gets the first free `name_N`. */
  async renameLocalAccount(accountId: string): Promise<string> {
    return this.dataSource.transaction(async (manager) => {
      const [account]: Array<{ username: string }> = await manager.query(
        'SELECT username FROM accounts WHERE id = $1',
        [accountId],
      );
      for (let suffix = 2; ; suffix++) {
        const candidate = `${account.username}_${suffix}`;
        const taken: unknown[] = await manager.query(
          `SELECT 1 FROM accounts WHERE lower(username) = lower($1) AND domain IS NULL`,
          [candidate],
        );
        if (taken.length) continue;
        await manager.query('UPDATE accounts SET username = $2 WHERE id = $1', [
          accountId,
          candidate,
        ]);
        return candidate;
      }
    });
  }

  /** Which of the ids are local accounts. */
  async localAccountIds(ids: string[]): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      'SELECT id::text FROM accounts WHERE id = ANY($1::bigint[]) AND domain IS NULL ORDER BY id',
      [ids],
    );
    return rows.map((row) => row.id);
  }

  /** The most recently updated of the rows (remote accounts keep their freshest copy). */
  async newestOf(table: string, ids: string[]): Promise<string> {
    const [row]: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id::text FROM ${quote(table)} WHERE id = ANY($1::bigint[])
        ORDER BY updated_at DESC, id DESC LIMIT 1`,
      [ids],
    );
    return row.id;
  }

  /**
   * Users sharing an address, as Mastodon: the address of each but the kept one gets a
   * numbered prefix, so sign-in by address is unambiguous until the operator sorts it out.
   */
  async setAsideEmail(userId: string, index: number): Promise<string> {
    const [[row]]: [Array<{ email: string }>, number] = await this.dataSource.query(
      `UPDATE users SET email = $2 || ' ' || email WHERE id = $1 RETURNING email`,
      [userId, String(index)],
    );
    return row.email;
  }

  /** Acct-style labels (`name`, `name@domain`) of the accounts of these users. */
  async userLabels(userIds: string[]): Promise<Map<string, string>> {
    const rows: Array<{ id: string; label: string }> = await this.dataSource.query(
      `SELECT u.id::text, a.username || coalesce('@' || a.domain, '') AS label
         FROM users u JOIN accounts a ON a.id = u.account_id WHERE u.id = ANY($1::bigint[])`,
      [userIds],
    );
    return new Map(rows.map((row) => [row.id, row.label]));
  }

  async reindex(index: string): Promise<void> {
    await this.dataSource.query(`REINDEX INDEX ${quote(index)}`);
  }
}
