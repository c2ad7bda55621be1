import { Logger } from '@nestjs/common';
import { Channel } from '@nestodon/pubsub';
import { PrivateRedis, startPrivateRedis } from '@nestodon/testing';
import { actor, Actor } from './support/accounts';
import { EventSourceClient, StreamSocket } from './support/stream-clients';
import { listening, post, startStreamingWorld, StreamingWorld } from './support/streaming-harness';

const TEMPORARY_PROBLEM = {
  error: 'There was a temporary problem serving your request, please try again',
};

/**
 * Issue 13: a Redis outage. The api and streaming run on a redis-server of this test's own,
 * which it kills and starts again: requests that need Redis answer 503 within about a second,
 * the others keep working, streaming clients are told, and everything recovers by itself.
 */
describe('a Redis outage', () => {
  let redis: PrivateRedis;
  let world: StreamingWorld;
  let alice: Actor;
  let statusId: string;
  const errors = jest.spyOn(Logger.prototype, 'error');
  const consoleErrors = jest.spyOn(console, 'error');

  beforeAll(async () => {
    redis = await startPrivateRedis();
    world = await startStreamingWorld({ env: { REDIS_URL: redis.url } });
    alice = await actor(world.api.dataSource);
    statusId = await post(world, alice.auth, { status: 'before the outage' });
  });
  afterAll(async () => {
    await redis.start();
    await world.close();
    await redis.stop();
  });

  const timed = async <T>(work: Promise<T>): Promise<[T, number]> => {
    const started = Date.now();
    const result = await work;
    return [result, Date.now() - started];
  };

  /** The home feed answers 206 while it is rebuilt, 200 once built. */
  const served = (response: { status: number }) => [200, 206].includes(response.status);
  const home = () => world.api.http.get('/api/v1/timelines/home').set('Authorization', alice.auth);

  it('fails fast where Redis is needed, serves the rest, tells streaming clients, recovers', async () => {
    expect(served(await home())).toBe(true);
    const socket = await StreamSocket.open(world.streaming.url, {
      token: alice.auth.replace('Bearer ', ''),
      via: 'header',
      query: { stream: 'public:local' },
    });
    await listening(world.streaming, Channel.publicLocal);

    await redis.stop();

    // Told: the socket is closed with 1013 (try again later).
    const closed = await socket.closed;
    expect(closed.code).toBe(1013);

    // Needs Redis (the home feed): 503 with Mastodon's body, within about a second.
    const [refused, elapsed] = await timed(home());
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual(TEMPORARY_PROBLEM);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(elapsed).toBeLessThan(1500);

    // Posting needs the queue (fan-out): refused as fast.
    const [posted, postElapsed] = await timed(
      world.api.http
        .post('/api/v1/statuses')
        .set('Authorization', alice.auth)
        .send({ status: 'during the outage' }),
    );
    expect(posted.status).toBe(503);
    expect(postElapsed).toBeLessThan(2500);

    // PostgreSQL only: still served.
    await world.api.http
      .get(`/api/v1/statuses/${statusId}`)
      .set('Authorization', alice.auth)
      .expect(200);
    // From a remote client (through a trusted proxy): the general throttle lets it through.
    const remote = await world.api.http
      .get('/api/v1/accounts/verify_credentials')
      .set('Authorization', alice.auth)
      .set('X-Forwarded-For', '203.0.113.9')
      .expect(200);
    expect(remote.headers['x-ratelimit-limit']).toBeUndefined();

    // New event streams are refused with 503 while Redis is away.
    const [stream, streamElapsed] = await timed(
      EventSourceClient.open(world.streaming.url, '/api/v1/streaming/public/local'),
    );
    expect(stream.status).toBe(503);
    expect(await stream.body()).toEqual(TEMPORARY_PROBLEM);
    stream.close();
    expect(streamElapsed).toBeLessThan(1500);

    await redis.start();

    // Recovery needs nobody: the home timeline answers again within a few seconds.
    const recovered = Date.now();
    while (!served(await home())) {
      expect(Date.now() - recovered).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // A reconnecting client streams again.
    const again = await StreamSocket.open(world.streaming.url, {
      token: alice.auth.replace('Bearer ', ''),
      via: 'header',
      query: { stream: 'public:local' },
    });
    try {
      await listening(world.streaming, Channel.publicLocal);
      const id = await post(world, alice.auth, { status: 'after the outage' });
      await again.event('update', id);
    } finally {
      again.close();
    }

    // The loss was logged once per connection, never as ioredis' unhandled error events.
    const lost = errors.mock.calls
      .map(([message]) => String(message))
      .filter((message) => message.includes('unreachable'));
    const perConnection = new Map<string, number>();
    for (const message of lost) {
      const name = /Redis (\S+) unreachable/.exec(message)?.[1] ?? message;
      perConnection.set(name, (perConnection.get(name) ?? 0) + 1);
    }
    // (How many connections noticed the loss in time to log it depends on timing; none twice.)
    expect(Math.max(...perConnection.values())).toBeLessThanOrEqual(2); // one per api and streaming app
    expect(consoleErrors.mock.calls.flat().join('\n')).not.toContain('Unhandled error event');
  });
});
