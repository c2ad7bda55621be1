import { Client } from 'pg';
import { DataSource, DataSourceOptions } from 'typeorm';
import { AuthRowsSubscriber } from './auth-row-changes';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { SnakeNamingStrategy } from './naming-strategy';
import { pgTypeParsers } from './pg-timestamps';

export interface DatabaseOptions {
  url: string;
  poolSize?: number;
  /**
   * Longest wait for a pooled connection (or a new one) before the query fails, so that an
   * overloaded process answers 503 instead of queueing requests without end; none when unset.
   */
  poolTimeoutMs?: number;
  /** A read replica: only queries that ask for it (ReadReplica) go there. */
  replicaUrl?: string | null;
}

export function dataSourceOptions({
  url,
  poolSize = 10,
  poolTimeoutMs,
  replicaUrl = null,
}: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    // Reads default to the primary, so a read after a write sees it; ReadReplica opts in.
    ...(replicaUrl
      ? { replication: { master: { url }, slaves: [{ url: replicaUrl }], defaultMode: 'master' } }
      : { url }),
    entities: ENTITIES,
    subscribers: [AuthRowsSubscriber],
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    logging: false,
    extra: {
      max: poolSize,
      application_name: 'nestodon',
      // Named statements (queryPrepared) are planned once per connection: by default
      // PostgreSQL plans each of the first five executions again and may keep doing so, which
      // cost a page query 3–12 ms of planning.
      options: '-c plan_cache_mode=force_generic_plan',
      types: pgTypeParsers,
      ...(poolTimeoutMs ? { connectionTimeoutMillis: poolTimeoutMs } : {}),
    },
  };
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabaseExists(url: string): Promise<boolean> {
  const name = databaseName(url);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '42P04') return false; // created concurrently
    throw error;
  } finally {
    await client.end();
  }
}

const MIGRATION_LOCK = 7_263_518_001;

/** Runs pending migrations; an advisory lock lets several processes start at once safely. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  const lock = dataSource.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
  }
}

/** What `npm start` and `npm run db:migrate` do: create the database if missing, then migrate. */
export async function prepareDatabase(options: DatabaseOptions): Promise<string[]> {
  await ensureDatabaseExists(options.url);
  const dataSource = new DataSource({ ...dataSourceOptions(options), extra: { max: 2 } });
  await dataSource.initialize();
  try {
    return await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}
