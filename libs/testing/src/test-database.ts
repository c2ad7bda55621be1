import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, runMigrations } from '@nestodon/domain';

export const TEST_SERVER_URL =
  process.env.TEST_DATABASE_SERVER ?? 'postgres://postgres@127.0.0.1:5432';
export const TEMPLATE_DATABASE = 'nestodon_test_template';
const TEST_PREFIX = 'nestodon_test_';

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
  await withAdmin(async (admin) => {
    const stale = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1`,
      [`${TEST_PREFIX}%`],
    );
    for (const { datname } of stale.rows) {
      await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
    await admin.query(`CREATE DATABASE "${TEMPLATE_DATABASE}"`);
  });
  const dataSource = new DataSource(
    dataSourceOptions({ url: `${TEST_SERVER_URL}/${TEMPLATE_DATABASE}`, poolSize: 2 }),
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
  const name = `${TEST_PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin((admin) =>
    admin.query(`CREATE DATABASE "${name}" TEMPLATE "${TEMPLATE_DATABASE}"`),
  );
  return {
    name,
    url: `${TEST_SERVER_URL}/${name}`,
    drop: () =>
      withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
        () => undefined,
      ),
  };
}
