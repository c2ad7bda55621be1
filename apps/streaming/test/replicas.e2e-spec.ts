import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';
import { TEST_REDIS_URL } from '@nestodon/testing';
import Redis from 'ioredis';
import { actor, Actor } from './support/accounts';
import { StreamHub } from '../src/delivery/stream-hub.service';
import { StreamSocket } from './support/stream-clients';
import { listening, post, startStreamingWorld, StreamingWorld } from './support/streaming-harness';

describe('streaming replicas and process lifecycle', () => {
  let world: StreamingWorld;
  let alice: Actor;
  let redis: Redis;

  beforeAll(async () => {
    world = await startStreamingWorld({ replicas: 2, streaming: { maxBufferedBytes: 64 * 1024 } });
    alice = await actor(world.api.dataSource);
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    redis.disconnect();
    await world.close();
  });

  const open = (replica: number, auth: string | null, stream: string) =>
    StreamSocket.open(world.replicas[replica].url, {
      token: auth?.replace(/^Bearer /, ''),
      query: { stream },
    });

  it('each replica delivers to its own clients, holding one Redis subscription per channel', async () => {
    const first = await Promise.all([open(0, null, 'public:local'), open(0, null, 'public:local')]);
    const second = await open(1, null, 'public:local');
    await listening(world.replicas[0], Channel.publicLocal, 2);
    await listening(world.replicas[1], Channel.publicLocal, 1);
    const namespaced = `${world.api.config.redis.namespace}${Channel.publicLocal}`;
    const [, subscribers] = (await redis.pubsub('NUMSUB', namespaced)) as [string, number];
    expect(subscribers).toBe(2);

    const id = await post(world, alice.auth, { status: 'to every replica' });
    await Promise.all([...first, second].map((socket) => socket.event('update', id)));
    [...first, second].forEach((socket) => socket.close());
  });

  it('publishes to a home channel only while some replica listens to it', async () => {
    const bob = await actor(world.api.dataSource);
    const marker = `${world.api.config.redis.namespace}subscribed:${Channel.user(bob.account.id)}`;
    expect(await redis.exists(marker)).toBe(0);
    const socket = await open(1, bob.auth, 'user');
    await listening(world.replicas[1], Channel.user(bob.account.id));
    expect(await redis.ttl(marker)).toBeGreaterThan(0);
    socket.close();
  });

  it('disconnects a client that does not read, instead of buffering without bound', async () => {
    const socket = await open(0, null, 'public:remote');
    await listening(world.replicas[0], Channel.publicRemote);
    const raw = (socket.socket as unknown as { _socket: import('node:net').Socket })._socket;
    raw.pause();
    const publisher = world.api.app.get(PublisherService);
    const payload = 'x'.repeat(64 * 1024);
    for (
      let i = 0;
      i < 400 && world.replicas[0].app.get(StreamHub).listeners(Channel.publicRemote);
      i++
    ) {
      await publisher.publish(Channel.publicRemote, { event: StreamEvent.Announcement, payload });
    }
    raw.resume();
    expect((await socket.closed).code).toBe(1006);
  });

  it('closes sockets with 1001 when the process stops', async () => {
    const socket = await open(1, null, 'public');
    await listening(world.replicas[1], Channel.public);
    const [stopping] = world.replicas.splice(1, 1);
    await stopping.app.close();
    expect(await socket.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
  });
});
