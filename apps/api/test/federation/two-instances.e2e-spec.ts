import { AccountWithToken, waitFor } from '@nestodon/testing';
import { FederatedInstance, startFederatedInstance } from '../support/federated-instance';

/** An entity as the REST API answers it, parsed. */
type Json = ReturnType<typeof JSON.parse>;

/** How long one federated effect may take: a delivery job, then an inbound job, on a busy machine. */
const EFFECT_TIMEOUT_MS = 20_000;

/**
 * Two Nestodon instances federating over real HTTP on loopback, each with its own domain,
 * database, Redis namespace, api and worker (deliveries and inbound activities go through the
 * BullMQ queues). Every action is taken through one instance's REST API and checked through the
 * other's. The steps build on each other, in order: follows first, the block last.
 */
describe('two instances federating', () => {
  let a: FederatedInstance;
  let b: FederatedInstance;
  /** On A: alice (the protagonist) and dave (follows no one). */
  let alice: AccountWithToken;
  let dave: AccountWithToken;
  /** On B: bob (open) and carol (locked). */
  let bob: AccountWithToken;
  let carol: AccountWithToken;
  /** Remote accounts' ids as each instance knows them. */
  let bobOnA: string;
  let carolOnA: string;
  let aliceOnB: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([startFederatedInstance(), startFederatedInstance()]);
    [alice, dave, bob, carol] = await Promise.all([
      a.user('alice'),
      a.user('dave'),
      b.user('bob'),
      b.user('carol', { locked: true }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  }, 60_000);

  const get = (on: FederatedInstance, who: AccountWithToken, path: string, query = {}) =>
    on.http.get(path).query(query).set('Authorization', who.auth);
  const send = (
    on: FederatedInstance,
    who: AccountWithToken,
    method: 'post' | 'put' | 'patch' | 'delete',
    path: string,
    body: Json = {},
  ) => on.http[method](path).set('Authorization', who.auth).send(body).expect(200);

  /** Reads until `until` holds (or time is up) and returns the last answer, to assert on. */
  async function eventually<T>(read: () => Promise<T>, until: (value: T) => boolean): Promise<T> {
    let value = await read();
    await waitFor(async () => until((value = await read())), EFFECT_TIMEOUT_MS);
    return value;
  }
  const body = async (request: PromiseLike<{ status: number; body: Json }>) => {
    const response = await request;
    return response.status === 200 ? response.body : { status: response.status };
  };
  const accts = (accounts: Json[]) => accounts.map((account) => account.acct);
  const uris = (statuses: Json[]) => statuses.map((status) => status.uri);
  const relationship = async (on: FederatedInstance, who: AccountWithToken, id: string) =>
    (await get(on, who, '/api/v1/accounts/relationships', { 'id[]': id }).expect(200)).body[0];
  const lookup = async (on: FederatedInstance, who: AccountWithToken, acct: string) =>
    (await get(on, who, '/api/v1/accounts/lookup', { acct }).expect(200)).body.id as string;
  const homeOf = (on: FederatedInstance, who: AccountWithToken) =>
    body(get(on, who, '/api/v1/timelines/home', { limit: 40 }));
  const notificationsOf = (on: FederatedInstance, who: AccountWithToken) =>
    body(get(on, who, '/api/v1/notifications'));
  /** The status with this uri in a list, once it is there. */
  const withUri = (statuses: Json[], uri: string) =>
    statuses.find((status) => status.uri === uri) as Json;

  /** Remembered between steps: statuses as each side knows them. */
  const bobs: Record<string, { onB: Json; onA?: Json }> = {};
  let aliceMention: { onA: Json; onB?: Json };

  it('follows an open account: accepted at once, listed on both sides', async () => {
    bobOnA = await lookup(a, alice, `bob@${b.domain}`);
    await send(a, alice, 'post', `/api/v1/accounts/${bobOnA}/follow`);
    const followers = await eventually(
      () => body(get(b, bob, `/api/v1/accounts/${bob.account.id}/followers`)),
      (list) => Array.isArray(list) && list.length > 0,
    );
    expect(accts(followers)).toEqual([`alice@${a.domain}`]);
    const following = await eventually(
      () => relationship(a, alice, bobOnA),
      (rel) => rel.following,
    );
    expect(following).toMatchObject({ following: true, requested: false });

    // And back: bob follows alice, so her posts reach B.
    aliceOnB = await lookup(b, bob, `alice@${a.domain}`);
    await send(b, bob, 'post', `/api/v1/accounts/${aliceOnB}/follow`);
    const alicesFollowers = await eventually(
      () => body(get(a, alice, `/api/v1/accounts/${alice.account.id}/followers`)),
      (list) => Array.isArray(list) && list.length > 0,
    );
    expect(accts(alicesFollowers)).toEqual([`bob@${b.domain}`]);
    expect(
      await eventually(
        () => relationship(b, bob, aliceOnB),
        (rel) => rel.following,
      ),
    ).toMatchObject({ following: true, followed_by: true });
  });

  it('follows a locked account: a request until authorized, then a follow', async () => {
    carolOnA = await lookup(a, alice, `carol@${b.domain}`);
    const requested = await send(a, alice, 'post', `/api/v1/accounts/${carolOnA}/follow`);
    expect(requested.body).toMatchObject({ following: false, requested: true });
    const requests = await eventually(
      () => body(get(b, carol, '/api/v1/follow_requests')),
      (list) => Array.isArray(list) && list.length > 0,
    );
    expect(accts(requests)).toEqual([`alice@${a.domain}`]);
    expect(await body(get(b, carol, `/api/v1/accounts/${carol.account.id}/followers`))).toEqual([]);
    expect(await relationship(a, alice, carolOnA)).toMatchObject({
      following: false,
      requested: true,
    });

    await send(b, carol, 'post', `/api/v1/follow_requests/${requests[0].id}/authorize`);
    expect(
      await eventually(
        () => relationship(a, alice, carolOnA),
        (rel) => rel.following,
      ),
    ).toMatchObject({ following: true, requested: false });
    expect(
      accts(await body(get(b, carol, `/api/v1/accounts/${carol.account.id}/followers`))),
    ).toEqual([`alice@${a.domain}`]);
  });

  it('delivers each visibility to whom it is for', async () => {
    for (const visibility of ['public', 'unlisted', 'private']) {
      bobs[visibility] = {
        onB: (
          await send(b, bob, 'post', '/api/v1/statuses', {
            status: `a ${visibility} post`,
            visibility,
          })
        ).body,
      };
    }
    bobs.direct = {
      onB: (
        await send(b, bob, 'post', '/api/v1/statuses', {
          status: `@alice@${a.domain} a direct word`,
          visibility: 'direct',
        })
      ).body,
    };

    // The follower's home has the three addressed to followers, with their visibility.
    const home = await eventually(
      () => homeOf(a, alice),
      (list) =>
        Array.isArray(list) &&
        ['public', 'unlisted', 'private'].every((v) => withUri(list, bobs[v].onB.uri)),
    );
    for (const visibility of ['public', 'unlisted', 'private']) {
      bobs[visibility].onA = withUri(home, bobs[visibility].onB.uri);
      expect(bobs[visibility].onA).toMatchObject({
        visibility,
        content: expect.stringContaining(`a ${visibility} post`),
        account: expect.objectContaining({ acct: `bob@${b.domain}` }),
      });
    }
    // The mentioned gets the direct one, as a mention.
    const notifications = await eventually(
      () => notificationsOf(a, alice),
      (list) => Array.isArray(list) && list.some((n: Json) => n.type === 'mention'),
    );
    const mention = notifications.find((n: Json) => n.type === 'mention');
    expect(mention).toMatchObject({
      account: expect.objectContaining({ acct: `bob@${b.domain}` }),
      status: expect.objectContaining({ uri: bobs.direct.onB.uri, visibility: 'direct' }),
    });
    bobs.direct.onA = mention.status;

    // Someone on A who follows no one: the public one in the federated timeline, the
    // unlisted one not; neither the private nor the direct one at all.
    const federated = await body(get(a, dave, '/api/v1/timelines/public', { remote: true }));
    expect(uris(federated)).toContain(bobs.public.onB.uri);
    expect(uris(federated)).not.toContain(bobs.unlisted.onB.uri);
    await get(a, dave, `/api/v1/statuses/${bobs.public.onA!.id}`).expect(200);
    await get(a, dave, `/api/v1/statuses/${bobs.private.onA!.id}`).expect(404);
    await get(a, dave, `/api/v1/statuses/${bobs.direct.onA!.id}`).expect(404);
  });

  it('mentions someone on the other server, who is notified', async () => {
    aliceMention = {
      onA: (
        await send(a, alice, 'post', '/api/v1/statuses', {
          status: `hello @bob@${b.domain}, how is B?`,
        })
      ).body,
    };
    const notifications = await eventually(
      () => notificationsOf(b, bob),
      (list) =>
        Array.isArray(list) &&
        list.some((n: Json) => n.type === 'mention' && n.status.uri === aliceMention.onA.uri),
    );
    const mention = notifications.find(
      (n: Json) => n.type === 'mention' && n.status.uri === aliceMention.onA.uri,
    );
    expect(mention.account.acct).toBe(`alice@${a.domain}`);
    expect(mention.status.content).toContain('how is B?');
    expect(mention.status.mentions).toEqual([
      expect.objectContaining({ id: bob.account.id, acct: 'bob' }),
    ]);
    aliceMention.onB = mention.status;
  });

  it('replies across servers: the reply joins the thread on the origin', async () => {
    const reply = (
      await send(b, bob, 'post', '/api/v1/statuses', {
        status: `@alice@${a.domain} B is fine`,
        in_reply_to_id: aliceMention.onB!.id,
      })
    ).body;
    const context = await eventually(
      () => body(get(a, alice, `/api/v1/statuses/${aliceMention.onA.id}/context`)),
      (thread) => Array.isArray(thread.descendants) && thread.descendants.length > 0,
    );
    expect(context.descendants).toEqual([
      expect.objectContaining({
        uri: reply.uri,
        in_reply_to_id: aliceMention.onA.id,
        in_reply_to_account_id: alice.account.id,
        content: expect.stringContaining('B is fine'),
      }),
    ]);
    const counted = await eventually(
      () => body(get(a, alice, `/api/v1/statuses/${aliceMention.onA.id}`)),
      (status) => status.replies_count === 1,
    );
    expect(counted.replies_count).toBe(1);
  });

  it('favourites and boosts count on the origin, and their undoing too', async () => {
    const onA = bobs.public.onA!.id;
    const onB = bobs.public.onB.id;
    await send(a, alice, 'post', `/api/v1/statuses/${onA}/favourite`);
    await send(a, alice, 'post', `/api/v1/statuses/${onA}/reblog`);
    const counted = await eventually(
      () => body(get(b, bob, `/api/v1/statuses/${onB}`)),
      (status) => status.favourites_count === 1 && status.reblogs_count === 1,
    );
    expect(counted).toMatchObject({ favourites_count: 1, reblogs_count: 1 });
    expect(accts(await body(get(b, bob, `/api/v1/statuses/${onB}/favourited_by`)))).toEqual([
      `alice@${a.domain}`,
    ]);
    expect(accts(await body(get(b, bob, `/api/v1/statuses/${onB}/reblogged_by`)))).toEqual([
      `alice@${a.domain}`,
    ]);
    const typesOn = (notifications: Json[]) =>
      notifications
        .filter((n: Json) => n.status?.id === onB)
        .map((n: Json) => n.type)
        .sort();
    const notified = await eventually(
      () => notificationsOf(b, bob),
      (list) => Array.isArray(list) && typesOn(list).length === 2,
    );
    expect(typesOn(notified)).toEqual(['favourite', 'reblog']);

    await send(a, alice, 'post', `/api/v1/statuses/${onA}/unfavourite`);
    await send(a, alice, 'post', `/api/v1/statuses/${onA}/unreblog`);
    expect(
      await eventually(
        () => body(get(b, bob, `/api/v1/statuses/${onB}`)),
        (status) => status.favourites_count === 0 && status.reblogs_count === 0,
      ),
    ).toMatchObject({ favourites_count: 0, reblogs_count: 0 });
  });

  it('edits show the new text, edited_at and the history on the other side', async () => {
    await send(b, bob, 'put', `/api/v1/statuses/${bobs.public.onB.id}`, {
      status: 'a public post, edited',
    });
    const edited = await eventually(
      () => body(get(a, alice, `/api/v1/statuses/${bobs.public.onA!.id}`)),
      (status) => status.edited_at !== null,
    );
    expect(edited.content).toContain('a public post, edited');
    expect(edited.edited_at).toEqual(expect.any(String));
    const history = await body(get(a, alice, `/api/v1/statuses/${bobs.public.onA!.id}/history`));
    expect(history.map((version: Json) => version.content)).toEqual([
      expect.stringContaining('a public post'),
      expect.stringContaining('a public post, edited'),
    ]);
  });

  it('deletes make the status disappear on the other side', async () => {
    await send(b, bob, 'delete', `/api/v1/statuses/${bobs.unlisted.onB.id}`);
    expect(
      await eventually(
        () => body(get(a, alice, `/api/v1/statuses/${bobs.unlisted.onA!.id}`)),
        (status) => status.status === 404,
      ),
    ).toEqual({ status: 404 });
    expect(uris(await homeOf(a, alice))).not.toContain(bobs.unlisted.onB.uri);
  });

  it('polls reach the followers, and votes on them are counted on the origin', async () => {
    const poll = (
      await send(a, alice, 'post', '/api/v1/statuses', {
        status: 'tea or coffee?',
        poll: { options: ['tea', 'coffee'], expires_in: 3600 },
      })
    ).body;
    const home = await eventually(
      () => homeOf(b, bob),
      (list) => Array.isArray(list) && Boolean(withUri(list, poll.uri)?.poll),
    );
    const onB = withUri(home, poll.uri);
    expect(onB.content).toContain('tea or coffee?');
    expect(onB.poll.options.map((option: Json) => option.title)).toEqual(['tea', 'coffee']);

    await send(b, bob, 'post', `/api/v1/polls/${onB.poll.id}/votes`, { choices: [1] });
    const counted = await eventually(
      () => body(get(a, alice, `/api/v1/polls/${poll.poll.id}`)),
      (json) => json.votes_count === 1,
    );
    expect(counted.options.map((option: Json) => option.votes_count)).toEqual([0, 1]);
    // The origin's Update of the Question brings the count back to the voter's server.
    const seenOnB = await eventually(
      () => body(get(b, bob, `/api/v1/polls/${onB.poll.id}`)),
      (json) => json.votes_count === 1,
    );
    expect(seenOnB).toMatchObject({ votes_count: 1, voted: true, own_votes: [1] });
  });

  it('pins show among the pinned statuses on the other side, and unpins leave them', async () => {
    const pinnedOnB = () =>
      body(get(b, bob, `/api/v1/accounts/${aliceOnB}/statuses`, { pinned: true }));
    await send(a, alice, 'post', `/api/v1/statuses/${aliceMention.onA.id}/pin`);
    const pinned = await eventually(pinnedOnB, (list) => Array.isArray(list) && list.length > 0);
    expect(uris(pinned)).toEqual([aliceMention.onA.uri]);
    expect(pinned[0].pinned).toBeUndefined();

    await send(a, alice, 'post', `/api/v1/statuses/${aliceMention.onA.id}/unpin`);
    expect(await eventually(pinnedOnB, (list) => Array.isArray(list) && list.length === 0)).toEqual(
      [],
    );
  });

  it('profile updates change the account on the other side', async () => {
    await send(a, alice, 'patch', '/api/v1/accounts/update_credentials', {
      display_name: 'Alice of A',
      note: 'lives on A',
    });
    const account = await eventually(
      () => body(get(b, bob, `/api/v1/accounts/${aliceOnB}`)),
      (json) => json.display_name === 'Alice of A',
    );
    expect(account).toMatchObject({
      display_name: 'Alice of A',
      note: expect.stringContaining('lives on A'),
    });
  });

  it('blocks end the follows both ways on both sides', async () => {
    await send(b, bob, 'post', `/api/v1/accounts/${aliceOnB}/block`);
    expect(await relationship(b, bob, aliceOnB)).toMatchObject({
      blocking: true,
      following: false,
      followed_by: false,
    });
    expect(
      await eventually(
        () => relationship(a, alice, bobOnA),
        (rel) => !rel.following && !rel.followed_by,
      ),
    ).toMatchObject({ following: false, followed_by: false, blocked_by: true });
    expect(await body(get(a, alice, `/api/v1/accounts/${alice.account.id}/followers`))).toEqual([]);
    // Alice's follow of carol is untouched.
    expect((await relationship(a, alice, carolOnA)).following).toBe(true);
  });
});
