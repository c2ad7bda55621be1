import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { waitFor } from './wait-for';

/** A redis-server process of a test's own (to stop, restart or watch), on a free port. */
export interface PrivateRedis {
  port: number;
  url: string;
  stop(): Promise<void>;
}

export async function freeTcpPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

async function answersPing(port: number): Promise<boolean> {
  const probe = new Redis({
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** Starts `redis-server` (Debian's package) in memory only, with `extra` lines of configuration. */
export async function startPrivateRedis(extra: string[] = []): Promise<PrivateRedis> {
  const port = await freeTcpPort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extra],
    { stdio: 'ignore' },
  );
  if (!(await waitFor(() => answersPing(port), 10_000))) {
    await stopProcess(child);
    throw new Error(`redis-server did not start on port ${port}`);
  }
  return { port, url: `redis://127.0.0.1:${port}/0`, stop: () => stopProcess(child) };
}

/** A Redis Sentinel (redis-server in sentinel mode) monitoring `master` as `name`. */
export async function startPrivateSentinel(
  master: PrivateRedis,
  name: string,
): Promise<PrivateRedis> {
  const port = await freeTcpPort();
  const folder = await mkdtemp(join(tmpdir(), 'nestodon-sentinel-'));
  const file = join(folder, 'sentinel.conf');
  // Sentinel rewrites its configuration file, so each one gets its own.
  await writeFile(
    file,
    [`port ${port}`, 'bind 127.0.0.1', `sentinel monitor ${name} 127.0.0.1 ${master.port} 1`].join(
      '\n',
    ),
  );
  const child = spawn('redis-server', [file, '--sentinel'], { stdio: 'ignore' });
  if (!(await waitFor(() => answersPing(port), 10_000))) {
    await stopProcess(child);
    throw new Error(`redis sentinel did not start on port ${port}`);
  }
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      await stopProcess(child);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
