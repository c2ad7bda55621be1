import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { TestEnvironment, waitFor } from '@nestodon/testing';

const ROOT = resolve(__dirname, '../../../..');

export type Entry = 'api' | 'streaming' | 'worker';

export interface Started {
  child: ChildProcess;
  port: number;
  output: string[];
}

const PORT_VARIABLE: Record<Entry, string> = {
  api: 'PORT',
  streaming: 'STREAMING_PORT',
  worker: 'WORKER_HEALTH_PORT',
};

/**
 * One built process (dist/, built by jest's global setup) on the test environment's database
 * and Redis namespace, as production runs it; its output kept for failure messages.
 */
export function startProcess(
  environment: TestEnvironment,
  entry: Entry,
  port: number,
  extraEnv: Record<string, string> = {},
): Started {
  const { config } = environment;
  const child = spawn(process.execPath, [`dist/apps/${entry}/src/main.js`], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      DATABASE_URL: config.database.url,
      DB_POOL: '3',
      DB_MIGRATE_ON_BOOT: 'false',
      REDIS_URL: config.redis.url,
      REDIS_NAMESPACE: config.redis.namespace.replace(/:$/, ''),
      LOCAL_DOMAIN: 'nestodon.test',
      SECRET_KEY_BASE: 'x'.repeat(128),
      LOG_LEVEL: 'warn',
      [PORT_VARIABLE[entry]]: String(port),
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const started: Started = { child, port, output: [] };
  child.stdout?.on('data', (chunk: Buffer) => started.output.push(String(chunk)));
  child.stderr?.on('data', (chunk: Buffer) => started.output.push(String(chunk)));
  return started;
}

/** Waits until the process answers its readiness probe. */
export async function ready(started: Started, timeoutMs = 150_000): Promise<void> {
  const answered = await waitFor(async () => {
    const response = await fetch(`http://127.0.0.1:${started.port}/health/ready`).catch(() => null);
    return response?.ok ?? false;
  }, timeoutMs);
  if (!answered) throw new Error(`not ready:\n${started.output.join('')}`);
}

/** SIGKILL (no shutdown hooks: the fault) or SIGTERM, and waits for the exit. */
export async function stop(started: Started, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (started.child.exitCode !== null || started.child.signalCode !== null) return;
  const exited = once(started.child, 'exit');
  started.child.kill(signal);
  await exited;
}
