import { createHash } from 'node:crypto';
import {
  DataSource,
  EntityManager,
  EntityMetadata,
  ObjectLiteral,
  QueryFailedError,
} from 'typeorm';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';

/** The part of pg's Pool used here: named (prepared) statements. */
interface RawPool {
  query(config: {
    name: string;
    text: string;
    values: unknown[];
    rowMode?: 'array';
  }): Promise<{ rows: unknown[] }>;
}

const statementNames = new Map<string, string>();

/** A stable statement name per SQL text (pg prepares each name once per connection). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `n_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * Where a prepared statement runs: the transaction's connection when `manager` has one (a
 * manager inside `TransactionRunner.run`), the pool otherwise.
 */
async function connectionOf(dataSource: DataSource, manager?: EntityManager): Promise<RawPool> {
  if (manager?.queryRunner) return (await manager.queryRunner.connect()) as RawPool;
  return (dataSource.driver as unknown as { master: RawPool }).master;
}

/**
 * Runs a named statement. What PostgreSQL refuses fails as TypeORM's queries fail
 * (QueryFailedError with the SQLSTATE); pool and connection errors pass as pg raised them.
 */
async function runPrepared(
  dataSource: DataSource,
  text: string,
  values: unknown[],
  manager: EntityManager | undefined,
  rowMode?: 'array',
): Promise<unknown[]> {
  dataSource.logger.logQuery(text, values);
  const connection = await connectionOf(dataSource, manager);
  try {
    const { rows } = await connection.query({ name: statementName(text), text, values, rowMode });
    return rows;
  } catch (error) {
    if (typeof (error as { code?: unknown }).code !== 'string') throw error;
    throw new QueryFailedError(text, values, error as Error);
  }
}

/**
 * Runs a fixed SQL text as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call. For the hot paths (timelines, presenters,
 * authentication, posting), whose texts never vary. Logged like every query (tests count
 * queries through the logger). With a transaction's `manager`, on that transaction's
 * connection. Rows are what `dataSource.query` returns.
 */
export async function queryPrepared<T = Record<string, unknown>>(
  dataSource: DataSource,
  text: string,
  values: unknown[],
  manager?: EntityManager,
): Promise<T[]> {
  return (await runPrepared(dataSource, text, values, manager)) as T[];
}

/** Same, rows as arrays of column values in SELECT order. */
export async function queryPreparedArrays(
  dataSource: DataSource,
  text: string,
  values: unknown[],
  manager?: EntityManager,
): Promise<unknown[][]> {
  return (await runPrepared(dataSource, text, values, manager, 'array')) as unknown[][];
}

/**
 * Column types whose values PostgresDriver.prepareHydratedValue changes (Boolean, Date and
 * Number are the constructors TypeORM infers from property types). Values of other columns it
 * returns as pg parsed them, unless the column has a transformer.
 */
const HYDRATED_TYPES: ReadonlySet<unknown> = new Set([
  Boolean,
  Date,
  Number,
  'datetime',
  'timestamp',
  'timestamp with time zone',
  'timestamp without time zone',
  'date',
  'time',
  'vector',
  'halfvec',
  'hstore',
  'simple-array',
  'simple-json',
  'cube',
  'enum',
  'simple-enum',
]);

/**
 * The SELECT list of an entity's selectable columns as `alias.column`, in a fixed order, and a
 * builder that hydrates an entity from an array row at an offset the way TypeORM does (the
 * driver's value preparation and column transformers), without the query builder. The driver
 * is asked only for the columns whose values it changes: the timeline pages' hot path.
 */
export class EntityRowMapper<T extends ObjectLiteral> {
  readonly select: string;
  readonly width: number;
  private readonly columns: ColumnMetadata[];
  /** Per column, whether the driver prepares its values (else they are taken as they are). */
  private readonly hydrated: boolean[];
  private readonly primary: number;

  constructor(
    private readonly dataSource: DataSource,
    private readonly type: new () => T,
    alias: string,
    skip: ReadonlySet<string> = new Set(),
  ) {
    const metadata: EntityMetadata = dataSource.getMetadata(type);
    // Virtual columns (foreign keys known only through a relation) are not properties.
    this.columns = metadata.columns.filter(
      (column) => column.isSelect && !column.isVirtual && !skip.has(column.propertyName),
    );
    this.select = this.columns.map((column) => `${alias}.${column.databaseName}`).join(', ');
    this.width = this.columns.length;
    this.hydrated = this.columns.map(
      (column) => Boolean(column.transformer) || HYDRATED_TYPES.has(column.type),
    );
    this.primary = this.columns.findIndex((column) => column.isPrimary);
  }

  /** The entity whose columns start at `offset` of `row`. */
  build(row: unknown[], offset: number): T {
    const driver = this.dataSource.driver;
    const entity = new this.type() as Record<string, unknown>;
    for (let i = 0; i < this.columns.length; i++) {
      const column = this.columns[i];
      const value = row[offset + i];
      entity[column.propertyName] =
        !this.hydrated[i] || (value === null && !column.transformer)
          ? value
          : driver.prepareHydratedValue(value, column);
    }
    return entity as T;
  }

  /**
   * The entity of a row read by column names (`manager.query`), whose first columns are
   * `select`: e.g. `INSERT … RETURNING ${select}, (xmax = 0) AS inserted`.
   */
  buildRecord(row: Record<string, unknown>): T {
    return this.build(Object.values(row), 0);
  }

  /** Whether the entity at `offset` is absent (a LEFT JOIN that found nothing). */
  isNull(row: unknown[], offset: number): boolean {
    return row[offset + this.primary] === null;
  }
}

/**
 * A fixed SELECT of one entity's columns (`sql` receives the SELECT list, alias `alias`) run as
 * a prepared statement and hydrated by EntityRowMapper: the hot read paths' lookups by key,
 * without the query builder's cost.
 */
export class PreparedEntityQuery<T extends ObjectLiteral> {
  private prepared?: { mapper: EntityRowMapper<T>; text: string };

  constructor(
    private readonly dataSource: DataSource,
    private readonly type: new () => T,
    private readonly alias: string,
    private readonly sql: (select: string) => string,
  ) {}

  /** In the transaction of `manager` when it has one. */
  async run(values: unknown[], manager?: EntityManager): Promise<T[]> {
    if (!this.prepared) {
      const mapper = new EntityRowMapper(this.dataSource, this.type, this.alias);
      this.prepared = { mapper, text: this.sql(mapper.select) };
    }
    const { mapper, text } = this.prepared;
    const rows = await queryPreparedArrays(this.dataSource, text, values, manager);
    return rows.map((row) => mapper.build(row, 0));
  }
}
