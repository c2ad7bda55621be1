import { Channel } from '@nestodon/pubsub';
import { actor, Actor } from './support/accounts';
import { EventSourceClient } from './support/stream-clients';
import { listening, post, startStreamingWorld, StreamingWorld } from './support/streaming-harness';

describe('SSE /api/v1/streaming/*', () => {
  let world: StreamingWorld;
  let alice: Actor;
  let bob: Actor;
  const clients: EventSourceClient[] = [];

  const open = async (path: string, who: Actor | null = bob) => {
    const client = await EventSourceClient.open(
      world.streaming.url,
      path,
      who?.auth.replace(/^Bearer /, ''),
    );
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    world = await startStreamingWorld();
    alice = await actor(world.api.dataSource);
    bob = await actor(world.api.dataSource);
  });
  afterEach(() => clients.splice(0).forEach((client) => client.close()));
  afterAll(() => world.close());

  it('streams events as event/data lines after the opening comment, with heartbeats', async () => {
    const client = await open('/api/v1/streaming/public/local');
    expect(client.status).toBe(200);
    expect(client.response.headers['content-type']).toBe('text/event-stream');
    expect(client.response.headers['cache-control']).toBe('private, no-store');
    await client.next((item) => item.comment === ')', 'opening comment');
    await listening(world.streaming, Channel.publicLocal);
    const id = await post(world, alice.auth, { status: 'over SSE' });
    const event = await client.event('update', id);
    expect(JSON.parse(event.data!)).toMatchObject({ id, filtered: [] });
    await client.next((item) => item.comment === 'thump', 'heartbeat');
  });

  it.each([
    ['/api/v1/streaming/user', () => Channel.user(bob.account.id)],
    ['/api/v1/streaming/public', () => Channel.public],
    ['/api/v1/streaming/public/local?only_media=true', () => Channel.publicLocalMedia],
    ['/api/v1/streaming/public/remote', () => Channel.publicRemote],
    ['/api/v1/streaming/hashtag?tag=sse', () => Channel.hashtag('sse')],
    ['/api/v1/streaming/hashtag/local?tag=sse', () => Channel.hashtagLocal('sse')],
    ['/api/v1/streaming/user/notification', () => Channel.userNotifications(bob.account.id)],
    ['/api/v1/streaming/direct', () => Channel.direct(bob.account.id)],
  ])('opens %s on its channel', async (path, channel) => {
    const client = await open(path);
    expect(client.status).toBe(200);
    await listening(world.streaming, channel());
  });

  it('delivers the user stream and hashtag streams', async () => {
    const home = await open('/api/v1/streaming/user');
    const tag = await open('/api/v1/streaming/hashtag/local?tag=sse');
    await listening(world.streaming, Channel.user(bob.account.id));
    await listening(world.streaming, Channel.hashtagLocal('sse'));
    const own = await post(world, bob.auth, { status: 'home #sse' });
    await home.event('update', own);
    await tag.event('update', own);
  });

  it('opens the list stream of the owner only', async () => {
    const list = (
      await world.api.http
        .post('/api/v1/lists')
        .set('Authorization', bob.auth)
        .send({ title: 'sse' })
        .expect(200)
    ).body as { id: string };
    expect((await open(`/api/v1/streaming/list?list=${list.id}`)).status).toBe(200);
    const other = await open(`/api/v1/streaming/list?list=${list.id}`, alice);
    expect(other.status).toBe(401);
    expect(await other.body()).toEqual({ error: 'Not authorized to stream this list' });
  });

  it.each([
    ['/api/v1/streaming/nope', true, 400, 'Unknown channel requested'],
    ['/api/v1/streaming/hashtag', true, 400, 'Missing tag name parameter'],
    ['/api/v1/streaming/list', true, 400, 'Missing list name parameter'],
    ['/api/v1/streaming/user', false, 401, 'Missing access token'],
  ])('answers %s with Mastodon’s error', async (path, signedIn, status, error) => {
    const client = await open(path, signedIn ? bob : null);
    expect(client.status).toBe(status);
    expect(await client.body()).toEqual({ error });
  });

  it('refuses an invalid token with 401', async () => {
    const client = await EventSourceClient.open(
      world.streaming.url,
      '/api/v1/streaming/public',
      'nope',
    );
    expect(client.status).toBe(401);
    expect(await client.body()).toEqual({ error: 'Invalid access token' });
  });
});
