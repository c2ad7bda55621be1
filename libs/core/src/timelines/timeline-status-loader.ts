import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, Status } from '@nestodon/domain';
import { DataSource, EntityMetadata, ObjectLiteral, ValueTransformer } from 'typeorm';
import { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';

interface ColumnMap {
  property: string;
  transformer?: ValueTransformer;
}

/** The part of pg's Pool the loader uses (named statements, rows as arrays). */
interface RawPool {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
    rowMode: 'array';
  }): Promise<{ rows: unknown[][] }>;
}

/** Columns timelines never need (keys are large and private). */
const SKIPPED = new Set(['publicKey', 'privateKey']);

/** SELECT list and mapping of an entity's columns under a prefix (`s_id`, `a_username`, …). */
function columnsOf(metadata: EntityMetadata, table: string, prefix: string) {
  const wanted = metadata.columns.filter(
    (column) => column.isSelect && !SKIPPED.has(column.propertyName),
  );
  const columns: ColumnMap[] = wanted.map((column) => ({
    property: column.propertyName,
    transformer: Array.isArray(column.transformer) ? undefined : column.transformer,
  }));
  const select = wanted
    .map((column) => `${table}.${column.databaseName} AS ${prefix}${column.databaseName}`)
    .join(', ');
  return { columns, select };
}

/** An entity from the row's values starting at `offset`, in `columns` order. */
function build<T extends ObjectLiteral>(
  type: new () => T,
  columns: ColumnMap[],
  row: unknown[],
  offset: number,
): T {
  const entity = new type() as Record<string, unknown>;
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i];
    const value = row[offset + i];
    entity[column.property] =
      column.transformer && value !== null ? column.transformer.from(value) : value;
  }
  return entity as T;
}

/**
 * Loads a page of statuses with their authors and reblogged statuses (with theirs) in one
 * query, building entities straight from the rows: the timelines' hot path, without the
 * query builder's hydration. Deleted statuses are left out; order follows `ids`.
 */
@Injectable()
export class TimelineStatusLoader {
  private readonly statusColumns: ReturnType<typeof columnsOf>;
  private readonly accountColumns: ReturnType<typeof columnsOf>;
  private readonly reblogColumns: ReturnType<typeof columnsOf>;
  private readonly reblogAccountColumns: ReturnType<typeof columnsOf>;
  private readonly idIndex: number;
  private readonly text: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    const status = dataSource.getMetadata(Status);
    const account = dataSource.getMetadata(Account);
    this.statusColumns = columnsOf(status, 's', 's_');
    this.accountColumns = columnsOf(account, 'a', 'a_');
    this.reblogColumns = columnsOf(status, 'r', 'r_');
    this.reblogAccountColumns = columnsOf(account, 'ra', 'ra_');
    this.idIndex = this.statusColumns.columns.findIndex((column) => column.property === 'id');
    this.text = this.buildSql();
  }

  async load(ids: string[]): Promise<Status[]> {
    if (ids.length === 0) return [];
    const statusWidth = this.statusColumns.columns.length;
    const accountWidth = this.accountColumns.columns.length;
    const text = this.text;
    // Logged like every query (query counts in tests), then run as a named statement: parsed
    // and planned once per connection, rows read as arrays.
    this.dataSource.logger.logQuery(text, [ids]);
    const pool = (this.dataSource.driver as PostgresDriver).master as RawPool;
    const { rows } = await pool.query({
      name: 'timeline_statuses',
      text,
      values: [ids],
      rowMode: 'array',
    });
    const byId = new Map<string, Status>();
    for (const row of rows) {
      let offset = 0;
      const status = build(Status, this.statusColumns.columns, row, offset);
      offset += statusWidth;
      status.account = build(Account, this.accountColumns.columns, row, offset);
      offset += accountWidth;
      if (status.reblogOfId) {
        if (row[offset + this.idIndex] === null) {
          status.reblog = null;
        } else {
          const reblog = build(Status, this.reblogColumns.columns, row, offset);
          reblog.account = build(
            Account,
            this.reblogAccountColumns.columns,
            row,
            offset + statusWidth,
          );
          status.reblog = reblog;
        }
      }
      byId.set(status.id, status);
    }
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  private buildSql(): string {
    return `SELECT ${this.statusColumns.select}, ${this.accountColumns.select},
                   ${this.reblogColumns.select}, ${this.reblogAccountColumns.select}
              FROM statuses s
              JOIN accounts a ON a.id = s.account_id
              LEFT JOIN statuses r ON r.id = s.reblog_of_id AND r.deleted_at IS NULL
              LEFT JOIN accounts ra ON ra.id = r.account_id
             WHERE s.id = ANY($1::bigint[]) AND s.deleted_at IS NULL`;
  }
}
