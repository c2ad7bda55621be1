import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@nestodon/platform';
import Redis from 'ioredis';

/** A redis-server of a test's own, which the test may stop and start again (fault tests). */
export interface PrivateRedis {
  url: string;
  port: number;
  /** Kills the server at once (SIGKILL), as a crash or a network loss would. */
  stop(): Promise<void>;
  /** Starts it again on the same port (if stopped); resolves once it answers. */
  start(): Promise<void>;
}

/** Starts `redis-server` (on the PATH, or REDIS_SERVER) without persistence on a free port. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}/0`;
  let server: ChildProcess | null = null;

  const start = async () => {
    if (server) return;
    const child = spawn(
      process.env.REDIS_SERVER ?? 'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    server = child;
    const probe = new Redis(url, { lazyConnect: true, retryStrategy: () => null });
    try {
      for (let attempt = 0; ; attempt++) {
        if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode})`);
        try {
          await probe.connect();
          await probe.ping();
          return;
        } catch (error) {
          if (attempt > 100) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    } finally {
      probe.disconnect();
    }
  };

  const stop = async () => {
    const child = server;
    server = null;
    if (!child || child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };

  await start();
  return { url, port, stop, start };
}

/** A Redis Sentinel (redis-server in sentinel mode) monitoring `master` under `name`. */
export async function startPrivateSentinel(
  master: PrivateRedis,
  name: string,
): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await freePort();
  const folder = await mkdtemp(join(tmpdir(), 'nestodon-sentinel-'));
  // Sentinel rewrites its configuration file, so each one gets its own.
  const file = join(folder, 'sentinel.conf');
  await writeFile(
    file,
    `port ${port}\nbind 127.0.0.1\nsentinel monitor ${name} 127.0.0.1 ${master.port} 1\n`,
  );
  const child = spawn(process.env.REDIS_SERVER ?? 'redis-server', [file, '--sentinel'], {
    stdio: 'ignore',
  });
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await probe.connect();
        await probe.ping();
        break;
      } catch (error) {
        if (attempt > 100 || child.exitCode !== null) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    probe.disconnect();
  }
  return {
    port,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        await exited;
      }
      await rm(folder, { recursive: true, force: true });
    },
  };
}
