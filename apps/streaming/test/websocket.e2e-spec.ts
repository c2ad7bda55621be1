import { DeleteAccountService, ModifyUserService } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';
import { createAccessToken, createApplication } from '@nestodon/testing';
import { actor, authWith, Actor } from './support/accounts';
import { payloadId, Refusal, StreamSocket, TokenPlacement } from './support/stream-clients';
import { listening, post, startStreamingWorld, StreamingWorld } from './support/streaming-harness';

const bare = (auth: string) => auth.replace(/^Bearer /, '');

describe('WebSocket /api/v1/streaming', () => {
  let world: StreamingWorld;
  let alice: Actor;
  let bob: Actor;
  const sockets: StreamSocket[] = [];

  async function open(
    auth: string | null,
    query: Record<string, string> = {},
    via: TokenPlacement = 'header',
  ): Promise<StreamSocket> {
    const socket = await StreamSocket.open(world.streaming.url, {
      token: auth ? bare(auth) : undefined,
      via,
      query,
    });
    sockets.push(socket);
    return socket;
  }

  const refusal = (promise: Promise<unknown>) =>
    promise.then(
      () => {
        throw new Error('the upgrade was accepted');
      },
      (error: Refusal) => error,
    );

  beforeAll(async () => {
    world = await startStreamingWorld();
    alice = await actor(world.api.dataSource);
    bob = await actor(world.api.dataSource);
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));
  afterAll(() => world.close());

  it('streams the stream named in the query, in Mastodon’s message shape', async () => {
    const socket = await open(bob.auth, { stream: 'public:local' });
    await listening(world.streaming, Channel.publicLocal);
    const id = await post(world, alice.auth, { status: 'hello streaming' });

    const frame = await socket.event('update', id);
    expect(frame.stream).toEqual(['public:local']);
    expect(typeof frame.payload).toBe('string');
    const status = JSON.parse(frame.payload!);
    expect(status).toMatchObject({ id, content: expect.stringContaining('hello streaming') });
    expect(status.account.id).toBe(alice.account.id);
    // Signed-in subscribers get the filter results (none here), as Mastodon sends them.
    expect(status.filtered).toEqual([]);
  });

  it.each<TokenPlacement>(['header', 'query', 'protocol'])(
    'takes the token from the %s',
    async (via) => {
      const socket = await open(bob.auth, { stream: 'user' }, via);
      await listening(world.streaming, Channel.user(bob.account.id));
      const id = await post(world, bob.auth, { status: `own post via ${via}` });
      expect((await socket.event('update', id)).stream).toEqual(['user']);
    },
  );

  it('lets anonymous clients read public streams while the preview is on', async () => {
    const socket = await open(null, { stream: 'public' });
    await listening(world.streaming, Channel.public);
    const id = await post(world, alice.auth, { status: 'for everyone' });
    const status = JSON.parse((await socket.event('update', id)).payload!);
    expect(status).not.toHaveProperty('filtered');
  });

  it('multiplexes subscriptions on one socket and stops on unsubscribe', async () => {
    const socket = await open(bob.auth);
    socket.subscribe('user');
    socket.subscribe('hashtag', { tag: 'Cats' });
    socket.subscribe('public:local');
    socket.subscribe('public:local'); // twice: ignored
    await listening(world.streaming, Channel.user(bob.account.id));
    await listening(world.streaming, Channel.hashtag('cats'));
    await listening(world.streaming, Channel.publicLocal);

    const tagged = await post(world, alice.auth, { status: 'I like #cats' });
    await socket.next((f) => f.stream?.[0] === 'hashtag' && payloadId(f) === tagged);
    const own = await post(world, bob.auth, { status: 'mine' });
    await socket.next(
      (f) => f.event === 'update' && f.stream?.[0] === 'user' && payloadId(f) === own,
    );

    socket.send({ type: 'unsubscribe', stream: 'hashtag', tag: 'Cats' });
    await listening(world.streaming, Channel.hashtag('cats'), 0);
    const after = await post(world, alice.auth, { status: 'more #cats' });
    const barrier = await post(world, bob.auth, { status: 'barrier' });
    await socket.next((f) => f.stream?.[0] === 'user' && payloadId(f) === barrier);

    const updates = (id: string) => socket.frames.filter((f) => payloadId(f) === id);
    expect(
      updates(tagged)
        .map((f) => f.stream?.join(':'))
        .sort(),
    ).toEqual(['hashtag:Cats', 'public:local']);
    expect(updates(after).map((f) => f.stream)).toEqual([['public:local']]);
  });

  it('answers bad subscriptions and messages with errors and keeps the socket open', async () => {
    const { list } = await world.api.http
      .post('/api/v1/lists')
      .set('Authorization', alice.auth)
      .send({ title: 'mine' })
      .then((res) => ({ list: res.body as { id: string } }));
    const socket = await open(bob.auth);
    const expectError = async (message: unknown, error: string, status: number) => {
      const before = socket.frames.length;
      socket.send(message);
      const frame = await socket.next(
        (f) => socket.frames.indexOf(f) >= before && f.error !== undefined,
      );
      expect(frame).toEqual({ error, status });
    };
    await expectError({ type: 'subscribe', stream: 'nope' }, 'Unknown stream type', 400);
    await expectError({ type: 'subscribe', stream: 'hashtag' }, 'Missing tag name parameter', 400);
    await expectError({ type: 'subscribe', stream: 'list' }, 'Missing list name parameter', 400);
    await expectError(
      { type: 'subscribe', stream: 'list', list: list.id },
      'Not authorized to stream this list',
      401,
    );
    await expectError('{not json', 'Invalid JSON message', 400);
    await expectError({ type: 'dance' }, 'Unknown message type: use subscribe or unsubscribe', 400);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);

    socket.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await socket.closed).code).toBe(1003);
  });

  describe('authentication', () => {
    it('refuses the upgrade for an invalid token', async () => {
      const refused = await refusal(open('Bearer not-a-token', { stream: 'public' }));
      expect(refused).toEqual({ status: 401, message: 'Invalid access token' });
    });

    it('refuses streams that need a user without a token', async () => {
      const socket = await open(null);
      socket.subscribe('user');
      expect(await socket.error()).toEqual({ error: 'Missing access token', status: 401 });
    });

    it('checks the scopes of each stream', async () => {
      const writeOnly = await open(await authWith(world.api.dataSource, bob, 'write'));
      writeOnly.subscribe('public');
      expect(await writeOnly.error()).toEqual({
        error: 'Access token does not have the required scopes',
        status: 401,
      });
      const statusesOnly = await open(await authWith(world.api.dataSource, bob, 'read:statuses'));
      statusesOnly.subscribe('user:notification');
      expect((await statusesOnly.error()).status).toBe(401);
    });

    it('closes the socket when its token is revoked', async () => {
      const { application, clientId, clientSecret } = await createApplication(world.api.dataSource);
      const token = await createAccessToken(world.api.dataSource, { user: bob.user, application });
      const socket = await open(`Bearer ${token}`, { stream: 'user' });
      await listening(world.streaming, Channel.user(bob.account.id));

      await world.api.http
        .post('/oauth/revoke')
        .type('form')
        .send({ client_id: clientId, client_secret: clientSecret, token })
        .expect(200);
      await socket.closed;
      expect(
        await refusal(open(`Bearer ${token}`, { stream: 'public' })).then((r) => r.status),
      ).toBe(401);
    });

    it('closes the sockets of a user who is disabled', async () => {
      const carol = await actor(world.api.dataSource);
      const first = await open(carol.auth, { stream: 'public:local' });
      const second = await open(carol.auth, { stream: 'user' });
      await listening(world.streaming, Channel.user(carol.account.id));

      await world.api.app.get(ModifyUserService).call(carol.account.username, { disable: true });
      await Promise.all([first.closed, second.closed]);
    });

    it('closes the sockets of an account that is deleted', async () => {
      const dora = await actor(world.api.dataSource);
      const socket = await open(dora.auth, { stream: 'user' });
      await listening(world.streaming, Channel.user(dora.account.id));
      const account = await world.api.dataSource
        .getRepository(Account)
        .findOneByOrFail({ id: dora.account.id });
      await world.api.app.get(DeleteAccountService).call(account);
      await socket.closed;
    });
  });

  it('pings clients regularly', async () => {
    const socket = await open(bob.auth);
    while (socket.pings === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
  });

  it('passes other events through as they were published', async () => {
    const socket = await open(bob.auth, { stream: 'public:local' });
    await listening(world.streaming, Channel.publicLocal);
    await world.api.app
      .get(PublisherService)
      .publish(Channel.publicLocal, { event: StreamEvent.Delete, payload: '12345' });
    expect(await socket.event('delete')).toEqual({
      stream: ['public:local'],
      event: 'delete',
      payload: '12345',
    });
  });
});
