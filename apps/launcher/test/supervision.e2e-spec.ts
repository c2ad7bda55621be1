import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  createTestDatabase,
  freePort,
  TEST_REDIS_URL,
  TestDatabase,
  waitFor,
} from '@nestodon/testing';
import { answers, build, Launched, LogLine } from './support/launched';

/**
 * Issue 13: `npm start` supervises its children. Real processes from dist/: a killed worker is
 * started again while api and streaming keep serving; a child crashing again within the
 * window (the limit is 2 here) stops the set with a clear message and exit code 1. Booting
 * without PostgreSQL ends at once with a clear message.
 */
describe('the launcher (npm start)', () => {
  let database: TestDatabase;
  let mediaRoot: string;
  let env: Record<string, string>;
  let ports: { api: number; streaming: number; worker: number };

  beforeAll(async () => {
    await build();
    database = await createTestDatabase();
    mediaRoot = await mkdtemp(join(tmpdir(), 'nestodon-launcher-'));
    ports = { api: await freePort(), streaming: await freePort(), worker: await freePort() };
    env = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_NAMESPACE: `test_${randomBytes(5).toString('hex')}`,
      PORT: String(ports.api),
      STREAMING_PORT: String(ports.streaming),
      WORKER_HEALTH_PORT: String(ports.worker),
      MEDIA_ROOT: mediaRoot,
      LAUNCHER_RESTART_LIMIT: '2',
      LAUNCHER_RESTART_DELAY_MS: '200',
    };
  }, 60_000);
  afterAll(async () => {
    await database.drop();
    await rm(mediaRoot, { recursive: true, force: true });
  });

  const started = (name: string) => (line: LogLine) =>
    line.process === 'launcher' && line.child === name && typeof line.pid === 'number';
  const url = (port: number, path: string) => `http://127.0.0.1:${port}${path}`;

  it('restarts a killed child while the others serve; stops the set after repeated crashes', async () => {
    const launched = new Launched(env);
    try {
      const worker = await launched.line(started('worker'));
      expect(await waitFor(() => answers(url(ports.worker, '/health/ready')), 30_000)).toBe(true);
      expect(await waitFor(() => answers(url(ports.api, '/health/ready')), 30_000)).toBe(true);

      const killedAt = Date.now();
      process.kill(worker.pid as number, 'SIGKILL');
      const mark = launched.lines.length;
      const restarted = await launched.line(started('worker'), mark);
      expect(restarted.pid).not.toBe(worker.pid);
      // The others kept serving meanwhile.
      expect(await answers(url(ports.api, '/api/v1/instance'))).toBe(true);
      expect(await answers(url(ports.streaming, '/api/v1/streaming/health'))).toBe(true);
      expect(await waitFor(() => answers(url(ports.worker, '/health/ready')), 30_000)).toBe(true);
      const restartMs = Date.now() - killedAt;
      expect(restartMs).toBeLessThan(15_000);
      expect(launched.lines.slice(mark).map((line) => line.msg)).toContainEqual(
        expect.stringMatching(/worker exited \(SIGKILL\); restarting it in 200 ms/),
      );

      // A second crash within the window reaches the limit: everything stops, exit code 1.
      process.kill(restarted.pid as number, 'SIGKILL');
      const { code } = await launched.exited;
      expect(code).toBe(1);
      const fatal = launched.lines.find((line) => line.level === 60);
      expect(fatal?.msg).toMatch(
        /worker exited \(SIGKILL\) 2 times within 60 s; stopping all processes/,
      );
      expect(await answers(url(ports.api, '/health/live'))).toBe(false);
    } finally {
      await launched.stop();
    }
  }, 120_000);

  it('refuses to boot without PostgreSQL, with a clear message and a non-zero exit', async () => {
    const launched = new Launched({
      ...env,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/nowhere`,
    });
    const { code } = await launched.exited;
    expect(code).not.toBe(0);
    expect(launched.text.join('\n')).toMatch(
      /Nestodon failed to start: cannot prepare the database at 127\.0\.0\.1:\d+ \(DATABASE_URL\): connect ECONNREFUSED/,
    );
  }, 60_000);
});
