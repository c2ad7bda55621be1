import { once } from 'node:events';
import http from 'node:http';
import { AddressInfo } from 'node:net';
import { createWorkerApp } from '../../apps/worker/src/bootstrap';
import { DELIVERY_JOB_OPTIONS, JobName, JobQueue } from '@nestodon/queue';
import { createAccessToken } from '@nestodon/testing';
import { defineBenchmark } from '../benchmark';
import { insertLocalAccounts } from '../seed-timelines';

const FOLLOWERS = 2000;
const INBOXES = 200;
/** Loopback servers the inboxes are spread over (each its own host for the failure tracker). */
const SERVERS = 4;
const POSTS = 5;
/** Deliveries queued at once for the sustained rate (ten posts' worth). */
const QUEUED = 2000;
/** Deliveries a worker runs at once (WORKER_QUEUES federation.deliver:N). */
const CONCURRENCY = 50;

const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;

/**
 * Outbound federation: an account with 2,000 remote followers, spread over 200 shared inboxes on
 * loopback servers, posts; measured from the POST until every inbox has its signed Create (the
 * api enqueues, one worker in this process renders, fans out one delivery per inbox and signs
 * and posts each through the safe client). Prints signed deliveries per second; the load phase
 * then reads the author's actor document as remote servers do.
 */
export default defineBenchmark<{ username: string }>({
  description: `a post delivered to ${FOLLOWERS} remote followers over ${INBOXES} inboxes, then GET of the actor document`,
  async setup({ config, dataSource, url }) {
    let delivered = 0;
    let unsigned = 0;
    /** When the latest delivery arrived, for the delivery phase's own rate. */
    let firstAt = 0;
    let lastAt = 0;
    const servers = await Promise.all(
      Array.from({ length: SERVERS }, async () => {
        const server = http.createServer((request, response) => {
          if (!String(request.headers.signature ?? '').includes('keyId=')) unsigned++;
          request.resume();
          request.on('end', () => {
            lastAt = now();
            if (firstAt === 0) firstAt = lastAt;
            delivered++;
            response.writeHead(202).end();
          });
        });
        server.listen(0, '127.0.0.1');
        await once(server, 'listening');
        return server;
      }),
    );
    const origins = servers.map(
      (server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    );

    const [author] = await insertLocalAccounts(dataSource, 'author', 1);
    await dataSource.query(
      `WITH remote AS (
         INSERT INTO accounts (username, domain, uri, inbox_url, shared_inbox_url)
         SELECT 'fan' || n, 'server' || (n % $2) || '.example',
                o.origin || '/users/fan' || n, o.origin || '/users/fan' || n || '/inbox',
                o.origin || '/inbox/' || (n % $2)
           FROM generate_series(0, $1 - 1) n
           JOIN LATERAL (SELECT ($3::text[])[1 + (n % $2) % array_length($3::text[], 1)] AS origin) o ON true
         RETURNING id)
       INSERT INTO follows (account_id, target_account_id) SELECT id, $4 FROM remote`,
      [FOLLOWERS, INBOXES, origins, author.accountId],
    );
    await dataSource.query('ANALYZE');
    const authorAuth = `Bearer ${await createAccessToken(dataSource, { user: { id: author.userId } })}`;

    // One worker, as deployed for this queue: loopback inboxes allowed, deliveries in parallel.
    const worker = await createWorkerApp({
      ...config,
      outbound: { ...config.outbound, allowPrivateAddress: true },
      jobs: {
        ...config.jobs,
        queues: [
          { name: 'default', concurrency: 5 },
          { name: 'federation.deliver', concurrency: CONCURRENCY },
        ],
      },
    });
    await worker.init();
    try {
      const rates: number[] = [];
      const phaseRates: number[] = [];
      const cpuPerDelivery: number[] = [];
      for (let i = 0; i < POSTS; i++) {
        const before = delivered;
        firstAt = 0;
        const started = now();
        const cpu = process.cpuUsage();
        const response = await fetch(`${url}/api/v1/statuses`, {
          method: 'POST',
          headers: { authorization: authorAuth, 'content-type': 'application/json' },
          body: JSON.stringify({ status: `Post ${i} to ${FOLLOWERS} remote followers` }),
        });
        if (response.status !== 200) throw new Error(`posting answered ${response.status}`);
        while (delivered - before < INBOXES) {
          if (now() - started > 30_000) throw new Error(`only ${delivered - before} deliveries`);
          await new Promise((resolve) => setTimeout(resolve, 2));
        }
        const elapsed = now() - started;
        const used = process.cpuUsage(cpu);
        rates.push((INBOXES / elapsed) * 1000);
        // From the first delivery to the last: the worker's delivery rate alone, without the
        // post's request and its distribution (rendering, the followers' inboxes, enqueueing).
        phaseRates.push(((INBOXES - 1) / (lastAt - firstAt)) * 1000);
        // Everything this process ran (api, worker and the inbox servers) per delivery: less
        // dependent on how busy the machine is than the rates.
        cpuPerDelivery.push((used.user + used.system) / 1000 / INBOXES);
        process.stdout.write(
          `bench: post ${i + 1} reached ${INBOXES} inboxes in ${elapsed.toFixed(0)} ms ` +
            `(${rates[i].toFixed(0)} signed deliveries/s; delivery phase ` +
            `${phaseRates[i].toFixed(0)}/s; ${cpuPerDelivery[i].toFixed(2)} ms CPU per delivery)\n`,
        );
      }
      if (unsigned > 0) throw new Error(`${unsigned} deliveries were not signed`);
      const median = (values: number[]) =>
        [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
      const sorted = [...rates].sort((a, b) => a - b);
      process.stdout.write(
        `bench: outbound federation, one worker (federation.deliver:${CONCURRENCY}): median ` +
          `${median(rates).toFixed(0)} signed deliveries/s, ` +
          `best ${sorted.at(-1)!.toFixed(0)}, worst ${sorted[0].toFixed(0)}; delivery phase ` +
          `median ${median(phaseRates).toFixed(0)}/s; ` +
          `${median(cpuPerDelivery).toFixed(2)} ms CPU per delivery\n`,
      );
      await measureQueued(worker.get(JobQueue), author.accountId, origins, () => delivered);
    } finally {
      await worker.close();
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    }
    return { username: 'author0' };
  },
  requests: (_ctx, { username }) => [
    {
      method: 'GET',
      path: `/users/${username}`,
      headers: { accept: 'application/activity+json' },
    },
  ],
});

/**
 * The worker's sustained rate: QUEUED deliveries of one activity put straight into
 * `federation.deliver`, timed until the inboxes have them all, with the CPU this process spent.
 */
async function measureQueued(
  jobs: JobQueue,
  accountId: string,
  origins: string[],
  delivered: () => number,
): Promise<void> {
  const body = JSON.stringify({
    '@context': 'https://www.w3.org/ns/activitystreams',
    id: 'https://bench.example/users/author0/statuses/1/activity',
    type: 'Create',
    actor: 'https://bench.example/users/author0',
    to: ['https://www.w3.org/ns/activitystreams#Public'],
    object: {
      id: 'https://bench.example/users/author0/statuses/1',
      type: 'Note',
      content: 'x'.repeat(1500),
    },
  });
  const before = delivered();
  const started = now();
  const cpu = process.cpuUsage();
  await jobs.enqueueMany(
    JobName.DeliverActivity,
    Array.from({ length: QUEUED }, (_, n) => ({
      accountId,
      inbox: `${origins[n % origins.length]}/inbox/${n % INBOXES}`,
      body,
    })),
    DELIVERY_JOB_OPTIONS,
  );
  while (delivered() - before < QUEUED) {
    if (now() - started > 120_000) throw new Error(`only ${delivered() - before} deliveries`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const elapsed = now() - started;
  const used = process.cpuUsage(cpu);
  const cpuMs = (used.user + used.system) / 1000;
  process.stdout.write(
    `bench: ${QUEUED} deliveries queued at once: ${((QUEUED / elapsed) * 1000).toFixed(0)} signed ` +
      `deliveries/s, ${(cpuMs / QUEUED).toFixed(2)} ms CPU per delivery ` +
      `(${((cpuMs / elapsed) * 100).toFixed(0)} % of a core)\n`,
  );
}
