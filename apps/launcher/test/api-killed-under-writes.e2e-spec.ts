import { dataSourceOptions } from '@nestodon/domain';
import {
  createAccountWithToken,
  createTestEnvironment,
  freePort,
  TestEnvironment,
  waitFor,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { ready, Started, startProcess, stop } from './support/processes';

const CLIENTS = 6;
const KEYS_PER_CLIENT = 15;

/**
 * Issue 13's fault suite: the api process SIGKILLed while clients post with Idempotency-Key.
 * After a restart, every client retries every key it sent (answered or not): each key ends
 * as exactly one status, and a key answered before the kill answers with the same status.
 */
describe('the api killed under writes', () => {
  let environment: TestEnvironment;
  let dataSource: DataSource;
  let api: Started | undefined;

  beforeAll(async () => {
    environment = await createTestEnvironment();
    dataSource = new DataSource(
      dataSourceOptions({ url: environment.config.database.url, poolSize: 2 }),
    );
    await dataSource.initialize();
  });

  afterAll(async () => {
    if (api) await stop(api);
    await dataSource?.destroy();
    await environment?.teardown();
  }, 30_000);

  it('posts each Idempotency-Key once across the kill and the retries', async () => {
    const port = await freePort();
    api = startProcess(environment, 'api', port);
    await ready(api);
    const clients = await Promise.all(
      Array.from({ length: CLIENTS }, () => createAccountWithToken(dataSource)),
    );
    const post = (auth: string, key: string) =>
      fetch(`http://127.0.0.1:${port}/api/v1/statuses`, {
        method: 'POST',
        headers: {
          Authorization: auth,
          'Content-Type': 'application/json',
          'Idempotency-Key': key,
        },
        body: JSON.stringify({ status: `post ${key}` }),
      });

    // Each client sends its keys one after another until the api dies under it.
    const sent = new Map<string, string | null>(); // `${client}/${key}` → id answered before
    let answered = 0;
    const writers = clients.map(async ({ auth }, client) => {
      for (let i = 0; i < KEYS_PER_CLIENT; i++) {
        const key = `key-${i}`;
        sent.set(`${client}/${key}`, null);
        const response = await post(auth, key).catch(() => null);
        if (!response) return;
        expect(response.status).toBe(200);
        sent.set(`${client}/${key}`, ((await response.json()) as { id: string }).id);
        answered++;
      }
    });
    expect(await waitFor(async () => answered >= CLIENTS * 3, 30_000)).toBe(true);
    await stop(api, 'SIGKILL');
    await Promise.all(writers);
    const unanswered = [...sent.values()].filter((id) => id === null).length;
    expect(unanswered).toBeGreaterThan(0);

    const restartedAt = Date.now();
    api = startProcess(environment, 'api', port);
    await ready(api);
    const restartMs = Date.now() - restartedAt;

    // The retries: a key whose first request died holding the lock answers 503 until the lock
    // lapses (15 s), then runs.
    for (const [entry, before] of sent) {
      const [client, key] = entry.split('/');
      let response = await post(clients[Number(client)].auth, key);
      while (response.status === 503) {
        await new Promise((done) => setTimeout(done, 500));
        response = await post(clients[Number(client)].auth, key);
      }
      expect(response.status).toBe(200);
      const { id } = (await response.json()) as { id: string };
      if (before) expect(id).toBe(before);
    }

    const rows = (await dataSource.query(
      `SELECT account_id::text AS account, text, count(*)::int AS n FROM statuses
        WHERE account_id = ANY($1::bigint[]) GROUP BY account_id, text`,
      [clients.map(({ account }) => account.id)],
    )) as Array<{ account: string; text: string; n: number }>;
    expect(rows.filter(({ n }) => n !== 1)).toEqual([]);
    expect(rows).toHaveLength(sent.size);
    console.log(
      `api killed after ${answered} answered posts, ${unanswered} in flight; restart took ${restartMs} ms`,
    );
  }, 90_000);
});
