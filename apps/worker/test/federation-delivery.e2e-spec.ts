import { once } from 'node:events';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { INestApplicationContext } from '@nestjs/common';
import { DeliverActivityService } from '@nestodon/activitypub/outbox';
import { DeliveryFailureTracker, FAILURE_DAYS_THRESHOLD } from '@nestodon/activitypub/federation';
import { Account } from '@nestodon/domain';
import { Counters } from '@nestodon/platform';
import { DELIVERY_JOB_OPTIONS, JobName, JobQueue } from '@nestodon/queue';
import {
  createLocalAccount,
  createTestEnvironment,
  TestEnvironment,
  waitFor,
} from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { createWorkerApp } from '../src/bootstrap';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

const ACTIVITY = JSON.stringify({
  '@context': 'https://www.w3.org/ns/activitystreams',
  id: 'https://nestodon.test/users/alice#likes/1',
  type: 'Like',
  actor: 'https://nestodon.test/users/alice',
  object: 'https://remote.example/notes/1',
});

/**
 * Deliveries in the worker against a real inbox server on loopback and real Redis: the
 * `federation.deliver` queue posts signed activities, failures are retried with the
 * federation backoff, lasting refusals are not, and the per-server failure tracker stops and
 * resumes deliveries.
 */
describe('federation deliveries', () => {
  let environment: TestEnvironment;
  let worker: INestApplicationContext;
  let dataSource: DataSource;
  let alice: Account;
  let server: http.Server;
  let origin: string;
  let host: string;
  const received: Received[] = [];
  const statuses = new Map<string, number>();

  beforeAll(async () => {
    environment = await createTestEnvironment();
    worker = await createWorkerApp(environment.config);
    await worker.init();
    dataSource = worker.get(DataSource);
    alice = (await createLocalAccount(dataSource, { username: 'alice' })).account;
    server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const path = request.url ?? '/';
        received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
        response.writeHead(statuses.get(path) ?? 202).end();
      });
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    origin = `http://${host}`;
  });
  afterAll(async () => {
    await worker.close();
    await environment.teardown();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(async () => {
    received.length = 0;
    await worker.get(DeliveryFailureTracker).trackSuccess(host);
  });

  const deliver = (path: string) =>
    worker
      .get(DeliverActivityService)
      .call({ accountId: alice.id, inbox: `${origin}${path}`, body: ACTIVITY });

  it('takes deliveries from the federation.deliver queue and posts them signed', async () => {
    await worker
      .get(JobQueue)
      .enqueue(
        JobName.DeliverActivity,
        { accountId: alice.id, inbox: `${origin}/inbox`, body: ACTIVITY },
        DELIVERY_JOB_OPTIONS,
      );
    await waitFor(async () => received.length === 1);
    const [request] = received;
    expect(request.path).toBe('/inbox');
    expect(request.body).toBe(ACTIVITY);
    expect(request.headers['content-type']).toBe('application/activity+json');
    expect(request.headers.digest).toMatch(/^SHA-256=/);
    expect(request.headers.signature).toContain(
      'keyId="https://nestodon.test/users/alice#main-key"',
    );
    expect(request.headers.signature).toMatch(/headers="\(request-target\)[^"]* date digest host"/);
  });

  it('retries a failed delivery with the federation backoff', async () => {
    statuses.set('/down', 503);
    const queue = worker.get(JobQueue).queue('federation.deliver');
    await worker
      .get(JobQueue)
      .enqueue(
        JobName.DeliverActivity,
        { accountId: alice.id, inbox: `${origin}/down`, body: ACTIVITY },
        { ...DELIVERY_JOB_OPTIONS, jobId: 'down-1' },
      );
    await waitFor(async () => (await queue.getJob('down-1'))?.attemptsMade === 1);
    const job = (await queue.getJob('down-1'))!;
    expect(await job.getState()).toBe('delayed');
    expect(job.opts.attempts).toBe(17);
    // The first retry waits Mastodon's 15 s plus at most 9.5 s of jitter.
    const wait = job.processedOn! + job.delay - Date.now();
    expect(job.delay).toBeGreaterThanOrEqual(15_000);
    expect(job.delay).toBeLessThan(25_000);
    expect(wait).toBeGreaterThan(10_000);
    await job.remove();
  });

  it('answers with the outcome: delivered, refused for good, or thrown to retry', async () => {
    statuses.set('/gone', 410);
    statuses.set('/busy', 429);
    expect(await deliver('/ok')).toBe('delivered');
    expect(await deliver('/gone')).toBe('refused');
    await expect(deliver('/busy')).rejects.toThrow(/answered 429/);
  });

  it('stops delivering to a server failing on seven days, probes it hourly, resumes when it answers', async () => {
    const tracker = worker.get(DeliveryFailureTracker);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
    for (let n = 1; n < FAILURE_DAYS_THRESHOLD; n++) await tracker.trackFailure(host, day(n));
    // Failing again on a day already counted changes nothing.
    await tracker.trackFailure(host, day(1));
    expect((await tracker.state(host)).unavailable).toBe(false);
    await tracker.trackFailure(host, day(FAILURE_DAYS_THRESHOLD));
    expect((await tracker.state(host)).unavailable).toBe(true);

    // The first delivery of the hour probes it; it answers, so it is available again.
    expect(await deliver('/inbox')).toBe('delivered');
    expect((await tracker.state(host)).unavailable).toBe(false);
    expect(received).toHaveLength(1);

    for (let n = 1; n <= FAILURE_DAYS_THRESHOLD; n++) await tracker.trackFailure(host, day(n));
    expect(await tracker.claimProbe(host)).toBe(true);
    // This hour's probe is spent: deliveries are skipped without a request.
    expect(await deliver('/inbox')).toBe('skipped');
    expect(received).toHaveLength(1);
    // An answer from it (an activity it sends us) makes it available at once.
    await tracker.trackSuccess(host);
    expect(await deliver('/inbox')).toBe('delivered');
  });

  it("reuses a server's state for a second, forgetting it at once on its own writes", async () => {
    const tracker = worker.get(DeliveryFailureTracker);
    // Another process's write, made straight to the store the tracker reads.
    const counters = worker.get(Counters);
    expect((await tracker.state(host)).failing).toBe(false);
    await counters.addDistinct(`delivery:failure_days:${host}`, '20260101', Date.now() + 60_000);
    expect((await tracker.state(host)).failing).toBe(false);
    expect(await waitFor(async () => (await tracker.state(host)).failing, 3000)).toBe(true);
    // This process's own writes are seen at once.
    await tracker.trackSuccess(host);
    expect((await tracker.state(host)).failing).toBe(false);
    await tracker.trackFailure(host);
    expect((await tracker.state(host)).failing).toBe(true);
  });

  it('counts a failed delivery against its server', async () => {
    statuses.set('/broken', 500);
    await expect(deliver('/broken')).rejects.toThrow(/answered 500/);
    expect(await worker.get(DeliveryFailureTracker).state(host)).toEqual({
      unavailable: false,
      failing: true,
    });
  });
});
