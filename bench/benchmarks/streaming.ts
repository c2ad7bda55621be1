import { digestToken, generateToken } from '@nestodon/access';
import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';
import { createApplication } from '@nestodon/testing';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import Redis from 'ioredis';
import WebSocket from 'ws';
import { createWorkerApp } from '../../apps/worker/src/bootstrap';
import { BENCH_REDIS_NAMESPACE } from '../environment';
import { defineBenchmark } from '../benchmark';
import { insertLocalAccounts } from '../seed-timelines';

const CLIENTS = Number(process.env.BENCH_STREAMING_CLIENTS ?? 10_000);
const POSTS = 5;
/** Handshakes in flight at once while connecting. */
const CONNECTING = 200;

interface Listener {
  socket: WebSocket;
  probed: boolean;
  /** When each status's update arrived, by status id. */
  updates: Map<string, number>;
}

const ANNOUNCEMENT = Buffer.from('"event":"announcement"');
const UPDATE = Buffer.from('"event":"update"');
/** The status id opens the payload, a JSON string inside the frame: `{\\"id\\":\\"123\\"`. */
const STATUS_ID = Buffer.from('{\\"id\\":\\"');
const QUOTE = Buffer.from('\\"');

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** Resident and peak memory of a process, from /proc (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const say = (line: string) => process.stdout.write(`bench: ${line}\n`);

async function until(
  condition: () => boolean,
  what: string,
  timeoutMs: number,
  tick?: () => unknown,
) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await tick?.();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * One streaming process (forked from the built entry point) with CLIENTS WebSocket clients, each
 * a user of its own subscribed to `user` and `public:local`; an account posts POSTS times
 * through the api, a worker in this process fans out, and the time from the POST to each
 * client's `update` is measured. Prints p50/p99 over all deliveries and the streaming
 * process's resident memory. The load phase then reads the public timeline.
 */
export default defineBenchmark<void>({
  description: `${CLIENTS} WebSocket clients on user + public:local; post-to-update latency and RSS`,
  async setup({ app, config, dataSource, url }) {
    const { application } = await createApplication(dataSource);
    const [author, ...users] = await insertLocalAccounts(dataSource, 'listener', CLIENTS + 1);
    const tokens = [author, ...users].map(() => generateToken());
    await dataSource.query(
      `INSERT INTO oauth_access_tokens (token_digest, scopes, application_id, resource_owner_id)
       SELECT unnest($1::varchar[]), 'read write', $2, unnest($3::bigint[])`,
      [tokens.map(digestToken), application.id, [author, ...users].map((u) => u.userId)],
    );
    await dataSource.query('ANALYZE');

    const port = await freePort();
    const streaming = fork(join(__dirname, '../../apps/streaming/src/main.js'), [], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: config.database.url,
        DB_POOL: '10',
        REDIS_URL: config.redis.url,
        REDIS_NAMESPACE: BENCH_REDIS_NAMESPACE,
        STREAMING_PORT: String(port),
        BIND: '127.0.0.1',
        LOCAL_DOMAIN: config.instance.localDomain,
        SECRET_KEY_BASE: config.secretKeyBase,
        LOG_LEVEL: process.env.BENCH_DEBUG ? 'debug' : 'silent',
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker = await createWorkerApp(config);
    await worker.init();
    const listeners: Listener[] = [];
    try {
      const base = `http://127.0.0.1:${port}`;
      for (let ready = false, tries = 0; !ready; tries++) {
        if (tries > 200) throw new Error('the streaming process did not start');
        ready = await fetch(`${base}/api/v1/streaming/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!ready) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const before = memoryOf(streaming.pid!);

      const connect = (token: string) =>
        new Promise<Listener>((resolve, reject) => {
          const socket = new WebSocket(`ws://127.0.0.1:${port}/api/v1/streaming?stream=user`, {
            headers: { authorization: `Bearer ${token}` },
            perMessageDeflate: false,
          });
          const listener: Listener = { socket, probed: false, updates: new Map() };
          // Bytes, not strings: 10,000 clients share this process's CPU with the api and worker.
          socket.on('message', (data: Buffer) => {
            const at = performance.now();
            if (process.env.BENCH_DEBUG && data.indexOf('"event"') < 0) say(`frame ${data}`);
            if (data.indexOf(ANNOUNCEMENT) >= 0) {
              listener.probed = true;
            } else if (data.indexOf(UPDATE) >= 0) {
              const start = data.indexOf(STATUS_ID) + STATUS_ID.length;
              const id = data.subarray(start, data.indexOf(QUOTE, start)).toString();
              if (id && !listener.updates.has(id)) listener.updates.set(id, at);
            }
          });
          socket.once('open', () => {
            socket.send(JSON.stringify({ type: 'subscribe', stream: 'public:local' }));
            resolve(listener);
          });
          socket.once('error', reject);
        });
      const started = performance.now();
      for (let i = 0; i < users.length; i += CONNECTING) {
        listeners.push(
          ...(await Promise.all(tokens.slice(1 + i, 1 + i + CONNECTING).map(connect))),
        );
      }
      // Subscriptions are confirmed by nothing in the protocol: probe until every client hears.
      const publisher = app.get(PublisherService);
      await until(
        () => listeners.every((l) => l.probed),
        `every client to subscribe (${listeners.filter((l) => l.probed).length} did)`,
        60_000,
        () =>
          publisher.publish(Channel.publicLocal, {
            event: StreamEvent.Announcement,
            payload: '{"probe":true}',
          }),
      );
      const connected = memoryOf(streaming.pid!);
      say(
        `${listeners.length} clients connected and subscribed in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
          `streaming RSS ${mib(before.rss)} idle, ${mib(connected.rss)} with the clients`,
      );

      // When the fan-out published each status: splits the latency into posting and streaming.
      const published = new Map<string, number>();
      const tap = new Redis(config.redis.url);
      await tap.subscribe(`${config.redis.namespace}${Channel.publicLocal}`);
      tap.on('message', (_channel: string, text: string) => {
        const id = /"payload":"\{\\"id\\":\\"(\d+)/.exec(text)?.[1];
        if (id) published.set(id, performance.now());
      });
      const latencies: number[] = [];
      const streamed: number[] = [];
      for (let i = 0; i < POSTS; i++) {
        const sent = performance.now();
        const response = await fetch(`${url}/api/v1/statuses`, {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' },
          body: JSON.stringify({ status: `Streaming bench post ${i}` }),
        });
        const { id } = (await response.json()) as { id: string };
        await until(
          () => listeners.every((l) => l.updates.has(id)),
          `update ${id} everywhere`,
          60_000,
        );
        const post = listeners.map((l) => l.updates.get(id)! - sent).sort((a, b) => a - b);
        const publishedAt = published.get(id) ?? sent;
        const stream = listeners.map((l) => l.updates.get(id)! - publishedAt).sort((a, b) => a - b);
        latencies.push(...post);
        streamed.push(...stream);
        say(
          `post ${i + 1}: update reached ${post.length} clients, p50 ${percentile(post, 50).toFixed(0)} ms, ` +
            `p99 ${percentile(post, 99).toFixed(0)} ms (published after ${(publishedAt - sent).toFixed(0)} ms; ` +
            `publish-to-client p50 ${percentile(stream, 50).toFixed(0)} ms, p99 ${percentile(stream, 99).toFixed(0)} ms)`,
        );
      }
      tap.disconnect();
      latencies.sort((a, b) => a - b);
      streamed.sort((a, b) => a - b);
      const after = memoryOf(streaming.pid!);
      process.stdout.write(
        `\nstreaming: ${listeners.length} clients × ${POSTS} posts, post-to-update p50 ` +
          `${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms ` +
          `(publish-to-client p50 ${percentile(streamed, 50).toFixed(0)} ms, p99 ` +
          `${percentile(streamed, 99).toFixed(0)} ms); ` +
          `streaming process RSS ${mib(after.rss)} (peak ${mib(after.peak)})\n\n`,
      );
    } finally {
      for (const listener of listeners) listener.socket.terminate();
      await worker.close();
      await new Promise<void>((resolve) => {
        if (streaming.exitCode !== null) return resolve();
        streaming.once('exit', () => resolve());
        streaming.kill('SIGTERM');
      });
    }
  },
  requests: [{ method: 'GET', path: '/api/v1/timelines/public?local=true&limit=20' }],
});
