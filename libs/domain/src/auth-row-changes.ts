import { Injectable } from '@nestjs/common';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  EventSubscriber,
  QueryRunner,
  RemoveEvent,
  SoftRemoveEvent,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  UpdateEvent,
} from 'typeorm';

/** The tables whose rows an authenticated request's context is made of. */
export const AUTH_ROW_TABLES = [
  'accounts',
  'users',
  'oauth_access_tokens',
  'oauth_applications',
  'user_roles',
] as const;
export type AuthRowTable = (typeof AUTH_ROW_TABLES)[number];

/**
 * Rows of one table changed: the row with `id`, or rows not known by id (`id` null). For
 * `oauth_access_tokens` an id is a token's; `users` also stands for every token of the user.
 */
export interface AuthRowChange {
  table: AuthRowTable;
  id: string | null;
}

export type AuthRowChangeListener = (change: AuthRowChange) => void;

const listeners = new WeakMap<DataSource, Set<AuthRowChangeListener>>();
/** Changes made inside a transaction, told once it has ended (a cache must not reload the old row). */
const pending = new WeakMap<QueryRunner, AuthRowChange[]>();

const isAuthTable = (table: string): table is AuthRowTable =>
  (AUTH_ROW_TABLES as readonly string[]).includes(table);

function emit(dataSource: DataSource, change: AuthRowChange): void {
  for (const listener of listeners.get(dataSource) ?? []) listener(change);
}

function report(
  dataSource: DataSource,
  queryRunner: QueryRunner | undefined,
  change: AuthRowChange,
): void {
  if (queryRunner?.isTransactionActive) {
    const changes = pending.get(queryRunner) ?? [];
    changes.push(change);
    pending.set(queryRunner, changes);
  } else {
    emit(dataSource, change);
  }
}

/**
 * Tells the auth caches that rows changed through SQL the ORM does not see (raw statements):
 * at once, or when the transaction of `manager` has ended.
 */
export function reportAuthRowChange(manager: EntityManager, change: AuthRowChange): void {
  report(manager.connection, manager.queryRunner, change);
}

/** Columns written on every authenticated request at most hourly; no cache holds them as facts. */
const TOKEN_USE_COLUMNS = new Set(['lastUsedAt', 'lastUsedIp']);

/**
 * Sees every ORM write to the auth tables (save, update, delete through repositories and query
 * builders) and reports it after commit. A query-builder update does not say which rows it
 * changed, so it reports the whole table. Inserts are not reported: a cache holds only rows
 * that existed, and reloads the row that refers to a new one.
 */
@EventSubscriber()
export class AuthRowsSubscriber implements EntitySubscriberInterface {
  afterUpdate(event: UpdateEvent<{ id?: string }>): void {
    const table = event.metadata.tableName;
    if (!isAuthTable(table)) return;
    const values = event.entity ?? {};
    if (table === 'oauth_access_tokens' && !event.databaseEntity) {
      const keys = Object.keys(values);
      if (keys.length > 0 && keys.every((key) => TOKEN_USE_COLUMNS.has(key))) return;
    }
    // save() knows its row; a query-builder update only knows the values it set.
    const id = event.databaseEntity ? (event.databaseEntity.id ?? values.id) : undefined;
    report(event.connection, event.queryRunner, { table, id: id == null ? null : String(id) });
  }

  afterRemove(event: RemoveEvent<{ id?: string }>): void {
    this.removed(event);
  }

  afterSoftRemove(event: SoftRemoveEvent<{ id?: string }>): void {
    this.removed(event);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    this.ended(event.queryRunner);
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    // Rolled back writes changed nothing, but telling is harmless and keeps this simple.
    this.ended(event.queryRunner);
  }

  private removed(event: RemoveEvent<{ id?: string }> | SoftRemoveEvent<{ id?: string }>): void {
    const table = event.metadata.tableName;
    if (!isAuthTable(table)) return;
    const id = event.databaseEntity?.id ?? event.entity?.id ?? event.entityId;
    report(event.connection, event.queryRunner, {
      table,
      id: typeof id === 'string' || typeof id === 'number' ? String(id) : null,
    });
  }

  private ended(queryRunner: QueryRunner): void {
    if (queryRunner.isTransactionActive) return; // a savepoint: the transaction goes on
    const changes = pending.get(queryRunner);
    if (!changes) return;
    pending.delete(queryRunner);
    for (const change of changes) emit(queryRunner.connection, change);
  }
}

/** Where a process's caches of auth rows hear that rows changed (after commit). */
@Injectable()
export class AuthRowChanges {
  constructor(private readonly dataSource: DataSource) {}

  /** Calls `listener` for every change; returns the function that stops it. */
  listen(listener: AuthRowChangeListener): () => void {
    let set = listeners.get(this.dataSource);
    if (!set) {
      set = new Set();
      listeners.set(this.dataSource, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }
}
