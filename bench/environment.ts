import { randomBytes } from 'node:crypto';
import { ChildProcess, fork } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { AppConfig, loadConfig } from '@nestodon/config';
import { databaseName, prepareDatabase } from '@nestodon/domain';
import Redis from 'ioredis';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createApiApp } from '../apps/api/src/bootstrap';
import type { BenchContext } from './benchmark';

/** The benchmark database is dropped and recreated on every run, so its name must say bench. */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/nestodon_bench';
export const BENCH_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/0';
export const BENCH_REDIS_NAMESPACE = 'bench';
/** Uploaded media of a run, removed with the database. */
export const BENCH_MEDIA_ROOT =
  process.env.BENCH_MEDIA_ROOT ?? join(tmpdir(), 'nestodon-bench-media');

export interface BenchEnvironment extends BenchContext {
  /** Closes the api, then removes the database and the Redis namespace. */
  stop(): Promise<void>;
}

/** Shared by the benchmark process and its extra api processes (`--replicas`). */
const SECRET_KEY_BASE = process.env.BENCH_SECRET_KEY_BASE ?? randomBytes(64).toString('hex');

export function benchConfig(): AppConfig {
  return loadConfig({
    NODE_ENV: 'production',
    DATABASE_URL: BENCH_DATABASE_URL,
    DB_POOL: '10',
    DB_MIGRATE_ON_BOOT: 'false',
    REDIS_URL: BENCH_REDIS_URL,
    REDIS_NAMESPACE: BENCH_REDIS_NAMESPACE,
    BIND: '127.0.0.1',
    PORT: '0',
    LOCAL_DOMAIN: 'bench.example',
    LOCAL_HTTPS: 'true',
    LOG_LEVEL: 'silent',
    JOBS_INLINE: 'false',
    MEDIA_ROOT: BENCH_MEDIA_ROOT,
    SECRET_KEY_BASE,
  });
}

/** A fresh, migrated database and an empty Redis namespace, then the api on 127.0.0.1. */
export async function startBenchEnvironment(): Promise<BenchEnvironment> {
  const config = benchConfig();
  const name = databaseName(config.database.url);
  if (!name.includes('bench')) {
    throw new Error(`refusing to drop database "${name}": its name must contain "bench"`);
  }
  await dropDatabase(config.database.url);
  await deleteRedisNamespace(config.redis.url, config.redis.namespace);
  await prepareDatabase(config.database);

  const app = await createApiApp(config);
  let port: number;
  try {
    port = await listenShared(app, 0);
  } catch (error) {
    await app.close();
    throw error;
  }
  return {
    app,
    config,
    dataSource: app.get(DataSource),
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await app.close();
      await deleteRedisNamespace(config.redis.url, config.redis.namespace);
      await dropDatabase(config.database.url);
      await rm(config.media.root, { recursive: true, force: true });
    },
  };
}

/**
 * Listens on 127.0.0.1 with SO_REUSEPORT, so that extra api processes (`--replicas`) can listen
 * on the same port and the kernel spreads connections over them. Resolves to the port.
 */
export async function listenShared(app: INestApplication, port: number): Promise<number> {
  await app.init();
  const server = app.getHttpServer() as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1', reusePort: true }, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/**
 * Starts `count` more api processes (dist/bench/replica.js) on the same database, Redis and
 * port; resolves once all listen. `stop` ends them.
 */
export async function startReplicas(
  count: number,
  port: number,
): Promise<{ stop(): Promise<void> }> {
  return startChildren(count, 'replica.js', { BENCH_PORT: String(port) });
}

/**
 * A worker process (dist/bench/worker.js) on the same database and Redis, as in production:
 * inside the benchmark's process it would share the api's event loop, and how fast the api
 * answered would decide how far the jobs fell behind. Resolves once it consumes its queues.
 */
export async function startWorker(): Promise<{ stop(): Promise<void> }> {
  return startChildren(1, 'worker.js', {});
}

/** Forks `count` children of `script`, one after the other, each awaited until it says ready. */
async function startChildren(
  count: number,
  script: string,
  env: Record<string, string>,
): Promise<{ stop(): Promise<void> }> {
  const children: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    for (let i = 0; i < count; i++) {
      const child = fork(join(__dirname, script), [], {
        env: { ...process.env, ...env, BENCH_SECRET_KEY_BASE: SECRET_KEY_BASE },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.once('message', () => resolve());
        child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
      });
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}

async function dropDatabase(url: string): Promise<void> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const name = databaseName(url).replace(/"/g, '""');
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** `namespace` ends with a colon, as in AppConfig. */
async function deleteRedisNamespace(url: string, namespace: string): Promise<void> {
  if (!namespace) throw new Error('refusing to clear Redis without a namespace');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}*`, 'COUNT', 1000);
      if (keys.length) await redis.unlink(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
