import { Channel } from '@nestodon/pubsub';
import { TEST_REDIS_URL, waitFor } from '@nestodon/testing';
import Redis from 'ioredis';
import { actor, Actor } from './support/accounts';
import { payloadId, StreamSocket } from './support/stream-clients';
import { listening, post, startStreamingWorld, StreamingWorld } from './support/streaming-harness';

/**
 * USE_REDIS=never: home feeds live in PostgreSQL and streaming hears of new statuses through
 * LISTEN/NOTIFY. A post reaches a follower's home timeline and their open WebSocket.
 */
describe('feeds and streaming without Redis', () => {
  let world: StreamingWorld;
  let alice: Actor;
  let bob: Actor;
  const sockets: StreamSocket[] = [];

  beforeAll(async () => {
    world = await startStreamingWorld({ env: { USE_REDIS: 'never' } });
    alice = await actor(world.api.dataSource);
    bob = await actor(world.api.dataSource);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await world.close();
  });

  const home = (auth: string) =>
    world.api.http.get('/api/v1/timelines/home').set('Authorization', auth);

  it('delivers a post to the follower’s home timeline and streams it to them', async () => {
    await world.api.http
      .post(`/api/v1/accounts/${alice.account.id}/follow`)
      .set('Authorization', bob.auth)
      .expect(200);
    // The first read builds the home feed (206 while it is being built).
    expect([200, 206]).toContain((await home(bob.auth)).status);
    expect(await waitFor(async () => (await home(bob.auth)).status === 200)).toBe(true);

    const socket = await StreamSocket.open(world.streaming.url, {
      token: bob.auth.replace(/^Bearer /, ''),
      via: 'header',
      query: { stream: 'user' },
    });
    sockets.push(socket);
    await listening(world.streaming, Channel.user(bob.account.id));

    const id = await post(world, alice.auth, { status: 'hello without Redis' });

    const frame = await socket.event('update', id);
    expect(frame.stream).toEqual(['user']);
    expect(JSON.parse(frame.payload!)).toMatchObject({
      id,
      account: { id: alice.account.id },
      content: expect.stringContaining('hello without Redis'),
    });
    const timeline = await home(bob.auth).expect(200);
    expect(timeline.body.map((status: { id: string }) => status.id)).toContain(id);
    expect(socket.frames.filter((f) => payloadId(f) === id)).toHaveLength(1);
  });

  it('keeps the feed and the subscription markers in PostgreSQL, not Redis', async () => {
    const [{ entries }]: Array<{ entries: number }> = await world.api.dataSource.query(
      `SELECT count(*)::int AS entries FROM feed_entries WHERE feed_id = $1`,
      [bob.account.id],
    );
    expect(entries).toBeGreaterThan(0);
    const [{ markers }]: Array<{ markers: number }> = await world.api.dataSource.query(
      `SELECT count(*)::int AS markers FROM pubsub_subscriptions WHERE channel = $1`,
      [Channel.user(bob.account.id)],
    );
    expect(markers).toBe(1);
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const namespace = world.api.config.redis.namespace;
      expect(await redis.keys(`${namespace}feed:*`)).toEqual([]);
      expect(await redis.keys(`${namespace}subscribed:*`)).toEqual([]);
    } finally {
      redis.disconnect();
    }
  });

  it('closes streams when the listening connection is lost, and streams again once it is back', async () => {
    const socket = await StreamSocket.open(world.streaming.url, {
      token: bob.auth.replace(/^Bearer /, ''),
      via: 'header',
      query: { stream: 'public:local' },
    });
    sockets.push(socket);
    await listening(world.streaming, Channel.publicLocal);

    // Cut every process's listening connection, as a network loss would.
    await world.api.dataSource.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'nestodon-listener'`,
    );
    // Told as when Redis goes: 1013, try again later.
    expect((await socket.closed).code).toBe(1013);

    const ready = async () => (await world.streaming.http.get('/health/ready')).status === 200;
    expect(await waitFor(ready)).toBe(true);
    const again = await StreamSocket.open(world.streaming.url, {
      token: bob.auth.replace(/^Bearer /, ''),
      via: 'header',
      query: { stream: 'public:local' },
    });
    sockets.push(again);
    await listening(world.streaming, Channel.publicLocal);
    const id = await post(world, alice.auth, { status: 'after the listener came back' });
    expect((await again.event('update', id)).stream).toEqual(['public:local']);
  });
});
