import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, runMigrations } from '@nestodon/domain';

export const TEST_SERVER_URL =
  process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
const TEST_PREFIX = 'nestodon_test_';

/**
 * Databases of one jest run are named after the pid of the process that ran global setup, so
 * several runs on one machine never touch each other's databases; setup drops those of dead runs.
 */
const runPrefix = () => {
  const run = process.env.NESTODON_TEST_RUN;
  if (!run)
    throw new Error('NESTODON_TEST_RUN is not set: run tests through jest (global setup sets it)');
  return `${TEST_PREFIX}r${run}_`;
};
const templateName = () => `${runPrefix()}template`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function withAdmin<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: `${TEST_SERVER_URL}/postgres` });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Jest global setup: a migrated template that each test file's database is cloned from. */
export async function prepareTemplateDatabase(): Promise<void> {
  process.env.NESTODON_TEST_RUN = String(process.pid);
  await withAdmin(async (admin) => {
    const existing = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${TEST_PREFIX}%`],
    );
    for (const { datname } of existing.rows) {
      const owner = Number(/^nestodon_test_r(\d+)_/.exec(datname)?.[1]);
      if (!owner || owner === process.pid || !isAlive(owner)) {
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    }
    await admin.query(`CREATE DATABASE "${templateName()}"`);
  });
  const dataSource = new DataSource(
    dataSourceOptions({ url: `${TEST_SERVER_URL}/${templateName()}`, poolSize: 2 }),
  );
  await dataSource.initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database for one test file, cloned from the template in milliseconds. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `${runPrefix()}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) => admin.query(`CREATE DATABASE "${name}" TEMPLATE "${templateName()}"`));
  return {
    name,
    url: `${TEST_SERVER_URL}/${name}`,
    drop: () =>
      withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}

/** Jest global teardown: drops this run's template. */
export async function dropTemplateDatabase(): Promise<void> {
  await withAdmin((admin) =>
    admin.query(`DROP DATABASE IF EXISTS "${templateName()}" WITH (FORCE)`),
  );
}
