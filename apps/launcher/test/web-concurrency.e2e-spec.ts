import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { createTestEnvironment, freePort, TestEnvironment, waitFor } from '@nestodon/testing';
import { ready, Started, startProcess, stop } from './support/processes';

/** Child process ids of `pid`, as the kernel lists them (none once `pid` itself is gone). */
const childrenOf = (pid: number): number[] => {
  let listed: string;
  try {
    listed = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8');
  } catch {
    return [];
  }
  return listed.trim().split(/\s+/).filter(Boolean).map(Number);
};

/**
 * WEB_CONCURRENCY=2: the built api (dist/) is a cluster primary with two workers sharing its
 * port; a worker that dies is started again while the other serves, and SIGTERM ends them all.
 */
describe('the api with WEB_CONCURRENCY', () => {
  let environment: TestEnvironment;
  let api: Started;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    // At info, each worker logs that it listens: a worker killed before it listened stops the
    // primary (a crash at boot), so the test waits for both.
    api = startProcess(environment, 'api', await freePort(), {
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
    });
    await ready(api);
  }, 180_000);
  afterAll(async () => {
    await stop(api);
    await environment.teardown();
  }, 60_000);

  const instance = () =>
    fetch(`http://127.0.0.1:${api.port}/api/v1/instance`).then((response) => response.status);

  it('serves from two workers, replaces a dead one, and stops them all on SIGTERM', async () => {
    const primary = api.child.pid!;
    expect(await waitFor(async () => childrenOf(primary).length === 2, 30_000)).toBe(true);
    const listening = () => api.output.join('').split('api listening on').length - 1;
    expect(await waitFor(async () => listening() >= 2, 30_000)).toBe(true);
    const [first, second] = childrenOf(primary);

    // Requests are sent once the primary has seen the death: one accepted in the instant
    // before may be handed to the dead worker (node's round robin).
    process.kill(first, 'SIGKILL');
    expect(
      await waitFor(async () => {
        const now = childrenOf(primary);
        return now.length === 2 && !now.includes(first) && now.includes(second);
      }, 30_000),
    ).toBe(true);
    await ready(api);
    expect(await instance()).toBe(200);

    const workers = childrenOf(primary);
    const exited = once(api.child, 'exit');
    api.child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000);
});
