import { FeedManager } from '@nestodon/core';
import { Channel, StreamMessage, SubscriberService } from '@nestodon/pubsub';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { actor, authWith, TimelineActor } from '../../../../support/timelines';

/**
 * Home feeds end to end: statuses posted through the API are fanned out by the worker's job
 * (run inline) into the feeds, removed on unfollow, block, mute and delete, rebuilt when
 * missing (206 meanwhile). Run on both feed stores and pub/sub transports: Redis, and
 * PostgreSQL (USE_REDIS=never).
 */
describe.each([
  ['Redis', { USE_REDIS: 'always' }],
  ['PostgreSQL', { USE_REDIS: 'never' }],
])('GET /api/v1/timelines/home (%s)', (_name, env) => {
  let api: ApiHarness;
  let feeds: FeedManager;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true, env });
    feeds = api.app.get(FeedManager);
  });
  afterAll(() => api.close());

  async function user(): Promise<TimelineActor> {
    const who = await actor(api.dataSource);
    await feeds.markReady(who.account.id); // an active user whose feed exists
    return who;
  }

  async function post(who: TimelineActor, body: Record<string, unknown>): Promise<{ id: string }> {
    const res = await api.http.post('/api/v1/statuses').set('Authorization', who.auth).send(body);
    expect(res.status).toBe(200);
    return res.body;
  }

  async function home(who: TimelineActor, query = ''): Promise<string[]> {
    const res = await api.http
      .get(`/api/v1/timelines/home${query}`)
      .set('Authorization', who.auth)
      .expect(200);
    return res.body.map((status: { id: string }) => status.id);
  }

  const followApi = (
    who: TimelineActor,
    target: TimelineActor,
    body: Record<string, unknown> = {},
  ) =>
    api.http
      .post(`/api/v1/accounts/${target.account.id}/follow`)
      .set('Authorization', who.auth)
      .send(body)
      .expect(200);

  it("shows one's own statuses and those of followed accounts, newest first", async () => {
    const alice = await user();
    const bob = await user();
    const carol = await user();
    await followApi(alice, bob);
    const own = await post(alice, { status: 'mine' });
    const bobs = await post(bob, { status: 'from bob' });
    await post(carol, { status: 'stranger' });
    expect(await home(alice)).toEqual([bobs.id, own.id]);
    expect(await feeds.allIds('home', alice.account.id)).toEqual([bobs.id, own.id]);
  });

  it('merges the recent statuses of a newly followed account', async () => {
    const alice = await user();
    const bob = await user();
    const earlier = await post(bob, { status: 'before the follow' });
    await followApi(alice, bob);
    expect(await home(alice)).toEqual([earlier.id]);
  });

  it('applies the reply, reblog and language rules', async () => {
    const alice = await user();
    const bob = await user();
    const carol = await user();
    const dave = await user();
    await followApi(alice, bob);
    await followApi(alice, carol, { reblogs: false });
    await followApi(alice, dave, { languages: ['de'] });
    const stranger = await user();
    const strangers = await post(stranger, { status: 'hello' });
    const replyToStranger = await post(bob, { status: 'hi', in_reply_to_id: strangers.id });
    const bobsOwn = await post(bob, { status: 'thread start' });
    const selfReply = await post(bob, { status: 'thread continues', in_reply_to_id: bobsOwn.id });
    const replyToAlice = await post(bob, {
      status: 'answer',
      in_reply_to_id: (await post(alice, { status: 'question' })).id,
    });
    const boosted = await api.http
      .post(`/api/v1/statuses/${strangers.id}/reblog`)
      .set('Authorization', carol.auth)
      .expect(200);
    const english = await post(dave, { status: 'hello there', language: 'en' });
    const german = await post(dave, { status: 'hallo', language: 'de' });
    const ids = await home(alice);
    expect(ids).toContain(bobsOwn.id);
    expect(ids).toContain(selfReply.id);
    expect(ids).toContain(replyToAlice.id);
    expect(ids).toContain(german.id);
    expect(ids).not.toContain(replyToStranger.id);
    expect(ids).not.toContain(boosted.body.id);
    expect(ids).not.toContain(english.id);
  });

  it('shows reblogs of followed accounts once, the reblog entry carrying the original', async () => {
    const alice = await user();
    const bob = await user();
    const carol = await user();
    const stranger = await user();
    await followApi(alice, bob);
    await followApi(alice, carol);
    const original = await post(stranger, { status: 'boost me' });
    const first = await api.http
      .post(`/api/v1/statuses/${original.id}/reblog`)
      .set('Authorization', bob.auth)
      .expect(200);
    await api.http
      .post(`/api/v1/statuses/${original.id}/reblog`)
      .set('Authorization', carol.auth)
      .expect(200);
    const res = await api.http
      .get('/api/v1/timelines/home')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(res.body.map((s: { id: string }) => s.id)).toEqual([first.body.id]);
    expect(res.body[0].reblog.id).toBe(original.id);
  });

  it('never lets in statuses from blocked or muted accounts, or mentioning them', async () => {
    const alice = await user();
    const bob = await user();
    const troll = await user();
    await followApi(alice, bob);
    await api.http
      .post(`/api/v1/accounts/${troll.account.id}/mute`)
      .set('Authorization', alice.auth)
      .expect(200);
    const mentioning = await post(bob, { status: `@${troll.account.username} hey` });
    const plain = await post(bob, { status: 'plain' });
    expect(await home(alice)).toEqual([plain.id]);
    expect(mentioning.id).toBeDefined();
  });

  it('removes statuses on unfollow, block and mute', async () => {
    const alice = await user();
    const bob = await user();
    const carol = await user();
    const dave = await user();
    for (const target of [bob, carol, dave]) await followApi(alice, target);
    const bobs = await post(bob, { status: 'b' });
    const carols = await post(carol, { status: 'c' });
    const daves = await post(dave, { status: 'd' });
    expect(await home(alice)).toEqual([daves.id, carols.id, bobs.id]);

    await api.http
      .post(`/api/v1/accounts/${bob.account.id}/unfollow`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(await home(alice)).toEqual([daves.id, carols.id]);
    await api.http
      .post(`/api/v1/accounts/${carol.account.id}/block`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(await home(alice)).toEqual([daves.id]);
    await api.http
      .post(`/api/v1/accounts/${dave.account.id}/mute`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(await home(alice)).toEqual([]);
    expect(await feeds.allIds('home', alice.account.id)).toEqual([]);
  });

  it('removes a deleted status from every feed and publishes delete', async () => {
    const bob = await user();
    const followers = [await user(), await user()];
    for (const follower of followers) await followApi(follower, bob);
    const doomed = await post(bob, { status: 'soon gone' });
    for (const follower of followers) expect(await home(follower)).toEqual([doomed.id]);
    const messages: StreamMessage[] = [];
    const unsubscribe = await api.app
      .get(SubscriberService)
      .subscribe(Channel.user(followers[0].account.id), (message) => messages.push(message));
    await api.http
      .delete(`/api/v1/statuses/${doomed.id}`)
      .set('Authorization', bob.auth)
      .expect(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await unsubscribe();
    for (const follower of followers) {
      expect(await home(follower)).toEqual([]);
      expect(await feeds.allIds('home', follower.account.id)).toEqual([]);
    }
    expect(await feeds.allIds('home', bob.account.id)).toEqual([]);
    expect(messages).toContainEqual(
      expect.objectContaining({ event: 'delete', payload: doomed.id }),
    );
  });

  it('publishes each new status on the followers’ channels, rendered once', async () => {
    const bob = await user();
    const alice = await user();
    await followApi(alice, bob);
    const messages: StreamMessage[] = [];
    const unsubscribe = await api.app
      .get(SubscriberService)
      .subscribe(Channel.user(alice.account.id), (message) => messages.push(message));
    const status = await post(bob, { status: 'streamed' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    await unsubscribe();
    const update = messages.find((m) => m.event === 'update');
    expect(JSON.parse(update!.payload!)).toMatchObject({
      id: status.id,
      content: '<p>streamed</p>',
    });
  });

  it('rebuilds a missing feed from PostgreSQL, answering 206 meanwhile', async () => {
    const alice = await actor(api.dataSource);
    const bob = await actor(api.dataSource);
    await followApi(alice, bob);
    const bobs = await post(bob, { status: 'before alice looked' });
    const own = await post(alice, { status: 'alice writes' });
    await feeds.clear('home', alice.account.id);
    const first = await api.http.get('/api/v1/timelines/home').set('Authorization', alice.auth);
    expect(first.status).toBe(206);
    expect(await feeds.isReady(alice.account.id)).toBe(true);
    const second = await api.http
      .get('/api/v1/timelines/home')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(second.body.map((s: { id: string }) => s.id)).toEqual([own.id, bobs.id]);
  });

  it('pages with max_id, since_id and min_id, with Link headers', async () => {
    const alice = await user();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.unshift((await post(alice, { status: `n${i}` })).id);
    const first = await api.http
      .get('/api/v1/timelines/home?limit=2')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(first.body.map((s: { id: string }) => s.id)).toEqual(ids.slice(0, 2));
    expect(first.headers.link).toContain(`max_id=${ids[1]}`);
    expect(first.headers.link).toContain(`min_id=${ids[0]}`);
    expect(await home(alice, `?limit=2&max_id=${ids[1]}`)).toEqual(ids.slice(2, 4));
    expect(await home(alice, `?since_id=${ids[2]}`)).toEqual(ids.slice(0, 2));
    expect(await home(alice, `?limit=2&min_id=${ids[4]}`)).toEqual([ids[2], ids[3]]);
    expect(await home(alice, `?min_id=${ids[4]}&max_id=${ids[1]}`)).toEqual([ids[2], ids[3]]);
  });

  it('answers 401 without a token, 403 without read:statuses, 422 for bad paging', async () => {
    const alice = await user();
    await api.http.get('/api/v1/timelines/home').expect(401);
    const wrong = await authWith(api.dataSource, alice, 'read:accounts write');
    await api.http.get('/api/v1/timelines/home').set('Authorization', wrong).expect(403);
    await api.http
      .get('/api/v1/timelines/home?max_id=abc')
      .set('Authorization', alice.auth)
      .expect(422);
    await api.http
      .get('/api/v1/timelines/home?limit=x')
      .set('Authorization', alice.auth)
      .expect(422);
  });
});
