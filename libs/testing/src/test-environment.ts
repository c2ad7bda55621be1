import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { AppConfig, loadConfig } from '@nestodon/config';
import { createTestDatabase, TestDatabase } from './test-database';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0';

export interface TestEnvironment {
  config: AppConfig;
  database: TestDatabase;
  /** Removes the database and every Redis key of the namespace. */
  teardown(): Promise<void>;
}

export interface TestEnvironmentOptions {
  /** Run enqueued jobs in the enqueuing process (end-to-end tests). */
  inlineJobs?: boolean;
  /** Extra environment variables, validated like real ones. */
  env?: Record<string, string>;
}

/** Its own database and Redis namespace per test file, so files run in parallel. */
export async function createTestEnvironment(
  options: TestEnvironmentOptions = {},
): Promise<TestEnvironment> {
  const database = await createTestDatabase();
  const namespace = `test_${randomBytes(5).toString('hex')}`;
  // Stored media go to a folder of their own, removed with the rest.
  const mediaRoot = await mkdtemp(join(tmpdir(), 'nestodon-test-media-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    DB_POOL: '5',
    REDIS_URL: TEST_REDIS_URL,
    REDIS_NAMESPACE: namespace,
    LOCAL_DOMAIN: 'nestodon.test',
    LOCAL_HTTPS: 'true',
    // Test servers (and a second instance in federation tests) listen on loopback.
    ALLOW_PRIVATE_ADDRESS: 'true',
    JOBS_INLINE: options.inlineJobs ? 'true' : 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    MEDIA_ROOT: mediaRoot,
    ...options.env,
  });
  return {
    config,
    database,
    async teardown() {
      await database.drop();
      await deleteRedisNamespace(namespace);
      await rm(mediaRoot, { recursive: true, force: true });
    },
  };
}

async function deleteRedisNamespace(namespace: string): Promise<void> {
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}:*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
