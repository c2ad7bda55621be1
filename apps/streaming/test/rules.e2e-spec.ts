import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';
import {
  createRemoteAccount,
  createStatus,
  insertBlock,
  insertFollow,
  insertMute,
} from '@nestodon/testing';
import { actor, authWith, Actor } from './support/accounts';
import { payloadId, StreamSocket } from './support/stream-clients';
import { listening, post, startStreamingWorld, StreamingWorld } from './support/streaming-harness';

/**
 * Each rule of Mastodon's streaming server, once. What must not arrive is checked with a
 * barrier: a later status that does arrive, after which nothing earlier can still come (the
 * server delivers in publishing order).
 */
describe('streaming: per-subscriber rules', () => {
  let world: StreamingWorld;
  let alice: Actor;
  let dave: Actor;
  const sockets: StreamSocket[] = [];

  beforeAll(async () => {
    world = await startStreamingWorld();
    alice = await actor(world.api.dataSource);
    dave = await actor(world.api.dataSource);
  });
  afterEach(() => sockets.splice(0).forEach((socket) => socket.close()));
  afterAll(() => world.close());

  const ds = () => world.api.dataSource;

  async function open(auth: string | null, stream: string, channel: string, query = {}) {
    const socket = await StreamSocket.open(world.streaming.url, {
      token: auth?.replace(/^Bearer /, ''),
      query: { stream, ...query },
    });
    sockets.push(socket);
    await listening(world.streaming, channel);
    return socket;
  }

  /** Posts a barrier status and returns the ids of the statuses that arrived before it. */
  async function arrivedBefore(socket: StreamSocket, author = dave): Promise<string[]> {
    const barrier = await post(world, author.auth, { status: 'barrier' });
    await socket.event('update', barrier);
    return socket.frames.filter((f) => f.event === 'update').map((f) => payloadId(f)!);
  }

  it('drops statuses of accounts the subscriber blocks', async () => {
    const vic = await actor(ds());
    await insertBlock(ds(), vic.account, alice.account);
    const socket = await open(vic.auth, 'public:local', Channel.publicLocal);
    const id = await post(world, alice.auth, { status: 'blocked' });
    expect(await arrivedBefore(socket)).not.toContain(id);
  });

  it('drops statuses of accounts that block the subscriber', async () => {
    const vic = await actor(ds());
    await insertBlock(ds(), alice.account, vic.account);
    const socket = await open(vic.auth, 'public:local', Channel.publicLocal);
    const id = await post(world, alice.auth, { status: 'not for you' });
    expect(await arrivedBefore(socket)).not.toContain(id);
  });

  it('drops statuses of muted accounts', async () => {
    const vic = await actor(ds());
    await insertMute(ds(), vic.account, alice.account);
    const socket = await open(vic.auth, 'public:local', Channel.publicLocal);
    const id = await post(world, alice.auth, { status: 'muted' });
    expect(await arrivedBefore(socket)).not.toContain(id);
  });

  it('drops statuses mentioning an account the subscriber mutes', async () => {
    const vic = await actor(ds());
    const troll = await actor(ds());
    await insertMute(ds(), vic.account, troll.account);
    const socket = await open(vic.auth, 'public:local', Channel.publicLocal);
    const id = await post(world, alice.auth, { status: `hi @${troll.account.username}` });
    const fine = await post(world, alice.auth, { status: 'hi everyone' });
    const arrived = await arrivedBefore(socket);
    expect(arrived).not.toContain(id);
    expect(arrived).toContain(fine);
  });

  it('drops statuses from domains the subscriber blocks', async () => {
    const vic = await actor(ds());
    await ds().query(`INSERT INTO account_domain_blocks (account_id, domain) VALUES ($1, $2)`, [
      vic.account.id,
      'blocked.example',
    ]);
    const socket = await open(vic.auth, 'public', Channel.public);
    const blocked = await createStatus(
      ds(),
      await createRemoteAccount(ds(), { domain: 'blocked.example' }),
    );
    const allowed = await createStatus(
      ds(),
      await createRemoteAccount(ds(), { domain: 'fine.example' }),
    );
    await world.distribute(blocked.id);
    await world.distribute(allowed.id);
    const arrived = await arrivedBefore(socket);
    expect(arrived).not.toContain(blocked.id);
    expect(arrived).toContain(allowed.id);
  });

  it('honours the languages the user chose on public streams', async () => {
    const vic = await actor(ds(), {}, 'read', { chosenLanguages: ['de'] });
    const socket = await open(vic.auth, 'public:local', Channel.publicLocal);
    const english = await post(world, alice.auth, { status: 'hello', language: 'en' });
    const german = await post(world, alice.auth, { status: 'hallo', language: 'de' });
    const barrier = await post(world, dave.auth, { status: 'ende', language: 'de' });
    await socket.event('update', barrier);
    const arrived = socket.frames.map((f) => payloadId(f));
    expect(arrived).not.toContain(english);
    expect(arrived).toContain(german);
  });

  it('drops what hide filters match and marks what warn filters match as filtered', async () => {
    const vic = await actor(ds());
    const filter = (title: string, action: string, keyword: string) =>
      world.api.http
        .post('/api/v2/filters')
        .set('Authorization', vic.auth)
        .send({
          title,
          context: ['public'],
          filter_action: action,
          keywords_attributes: [{ keyword }],
        })
        .expect(200);
    await filter('secrets', 'hide', 'secret');
    const warn = (await filter('spoilers', 'warn', 'spoiler')).body as { id: string };
    const socket = await open(vic.auth, 'public:local', Channel.publicLocal);
    const hidden = await post(world, alice.auth, { status: 'my secret plan' });
    const warned = await post(world, alice.auth, { status: 'a Spoiler ahead' });
    const arrived = await arrivedBefore(socket);
    expect(arrived).not.toContain(hidden);
    const frame = socket.frames.find((f) => payloadId(f) === warned)!;
    expect(JSON.parse(frame.payload!).filtered).toEqual([
      {
        filter: expect.objectContaining({ id: warn.id, title: 'spoilers', filter_action: 'warn' }),
        keyword_matches: ['Spoiler'],
        status_matches: null,
      },
    ]);
  });

  it('sends filters_changed and applies changed filters at once', async () => {
    const vic = await actor(ds());
    const socket = await open(vic.auth, 'user', Channel.user(vic.account.id));
    socket.subscribe('public:local');
    await listening(world.streaming, Channel.publicLocal);
    const before = await post(world, alice.auth, { status: 'kiwi one' });
    await socket.event('update', before);
    await world.api.http
      .post('/api/v2/filters')
      .set('Authorization', vic.auth)
      .send({
        title: 'fruit',
        context: ['public'],
        filter_action: 'hide',
        keywords_attributes: [{ keyword: 'kiwi' }],
      })
      .expect(200);
    expect(await socket.event('filters_changed')).toEqual({
      stream: ['user'],
      event: 'filters_changed',
    });
    const after = await post(world, alice.auth, { status: 'kiwi two' });
    expect(await arrivedBefore(socket)).not.toContain(after);
  });

  it('gives private statuses only to those who may see them', async () => {
    const follower = await actor(ds());
    const stranger = await actor(ds());
    await insertFollow(ds(), follower.account, alice.account);
    const home = await open(follower.auth, 'user', Channel.user(follower.account.id));
    const id = await post(world, alice.auth, { status: 'friends only', visibility: 'private' });
    await home.event('update', id);

    // Even on a public channel, the streaming server itself keeps it from the others.
    const json = (
      await world.api.http.get(`/api/v1/statuses/${id}`).set('Authorization', alice.auth)
    ).body as unknown;
    const publicFollower = await open(follower.auth, 'public:local', Channel.publicLocal);
    const publicStranger = await open(stranger.auth, 'public:local', Channel.publicLocal);
    const anonymous = await open(null, 'public:local', Channel.publicLocal);
    await world.api.app
      .get(PublisherService)
      .publish(Channel.publicLocal, { event: StreamEvent.Update, payload: JSON.stringify(json) });
    await publicFollower.event('update', id);
    expect(await arrivedBefore(publicStranger)).not.toContain(id);
    expect(anonymous.frames.map((f) => payloadId(f))).not.toContain(id);
  });

  it('sends notifications on user and user:notification, the first only with the scope', async () => {
    const vic = await actor(ds());
    const both = await open(vic.auth, 'user', Channel.userNotifications(vic.account.id));
    const only = await open(
      vic.auth,
      'user:notification',
      Channel.userNotifications(vic.account.id),
      {},
    );
    const statusesOnly = await open(
      await authWith(ds(), vic, 'read:statuses'),
      'user',
      Channel.user(vic.account.id),
    );
    const id = await post(world, alice.auth, { status: `hey @${vic.account.username}` });
    const notification = await both.event('notification');
    expect(JSON.parse(notification.payload!)).toMatchObject({
      type: 'mention',
      status: { id },
    });
    expect((await only.event('notification')).stream).toEqual(['user:notification']);
    const barrier = await post(world, vic.auth, { status: 'mine' });
    await statusesOnly.event('update', barrier);
    expect(statusesOnly.frames.some((f) => f.event === 'notification')).toBe(false);
  });

  it('sends deletes and edits of statuses', async () => {
    const socket = await open(dave.auth, 'public:local', Channel.publicLocal);
    const id = await post(world, alice.auth, { status: 'first version' });
    await world.api.http
      .put(`/api/v1/statuses/${id}`)
      .set('Authorization', alice.auth)
      .send({ status: 'second version' })
      .expect(200);
    const edit = await socket.event('status.update', id);
    expect(JSON.parse(edit.payload!).content).toContain('second version');
    await world.api.http.delete(`/api/v1/statuses/${id}`).set('Authorization', alice.auth);
    expect(await socket.event('delete')).toEqual({
      stream: ['public:local'],
      event: 'delete',
      payload: id,
    });
  });

  it('sends conversations on the direct stream', async () => {
    const author = await actor(ds());
    const socket = await open(author.auth, 'direct', Channel.direct(author.account.id));
    const id = await post(world, author.auth, {
      status: `psst @${dave.account.username}`,
      visibility: 'direct',
    });
    const conversation = await socket.event('conversation');
    expect(conversation.stream).toEqual(['direct']);
    expect(JSON.parse(conversation.payload!).last_status.id).toBe(id);
  });

  it('sends the updates of list members on the list stream', async () => {
    const vic = await actor(ds());
    await insertFollow(ds(), vic.account, alice.account);
    const list = (
      await world.api.http
        .post('/api/v1/lists')
        .set('Authorization', vic.auth)
        .send({ title: 'friends' })
        .expect(200)
    ).body as { id: string };
    await world.api.http
      .post(`/api/v1/lists/${list.id}/accounts`)
      .set('Authorization', vic.auth)
      .send({ account_ids: [alice.account.id] })
      .expect(200);
    const socket = await open(vic.auth, 'list', Channel.list(list.id), { list: list.id });
    const id = await post(world, alice.auth, { status: 'for my list' });
    expect((await socket.event('update', id)).stream).toEqual(['list', list.id]);
  });

  it('sends unlisted statuses to followers but never on public streams', async () => {
    const vic = await actor(ds());
    await insertFollow(ds(), vic.account, alice.account);
    const socket = await open(vic.auth, 'user', Channel.user(vic.account.id));
    socket.subscribe('public:local');
    await listening(world.streaming, Channel.publicLocal);
    const id = await post(world, alice.auth, { status: 'quiet', visibility: 'unlisted' });
    await socket.next((f) => f.stream?.[0] === 'user' && payloadId(f) === id);
    await arrivedBefore(socket);
    expect(socket.frames.filter((f) => payloadId(f) === id).map((f) => f.stream)).toEqual([
      ['user'],
    ]);
  });
});
