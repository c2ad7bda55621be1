import { FeedManager } from '@nestodon/core';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { actor, authWith, TimelineActor } from '../../../support/timelines';

describe('/api/v1/conversations', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
  });
  afterAll(() => api.close());

  async function user(): Promise<TimelineActor> {
    const who = await actor(api.dataSource);
    await api.app.get(FeedManager).markReady(who.account.id);
    return who;
  }
  const post = async (who: TimelineActor, body: Record<string, unknown>) =>
    (await api.http.post('/api/v1/statuses').set('Authorization', who.auth).send(body).expect(200))
      .body;
  const conversations = async (who: TimelineActor, query = '') =>
    (await api.http.get(`/api/v1/conversations${query}`).set('Authorization', who.auth).expect(200))
      .body;

  async function pair(): Promise<[TimelineActor, TimelineActor]> {
    const alice = await user();
    const bob = await user();
    // Private mentions from strangers are filtered by default: bob follows alice's sender role.
    await api.http
      .post(`/api/v1/accounts/${alice.account.id}/follow`)
      .set('Authorization', bob.auth)
      .expect(200);
    await api.http
      .post(`/api/v1/accounts/${bob.account.id}/follow`)
      .set('Authorization', alice.auth)
      .expect(200);
    return [alice, bob];
  }

  it('lists direct threads for both participants, unread for the recipient', async () => {
    const [alice, bob] = await pair();
    const dm = await post(alice, {
      status: `@${bob.account.username} secret`,
      visibility: 'direct',
    });
    const mine = await conversations(alice);
    expect(mine).toEqual([
      {
        id: expect.any(String),
        unread: false,
        accounts: [expect.objectContaining({ id: bob.account.id })],
        last_status: expect.objectContaining({ id: dm.id, visibility: 'direct' }),
      },
    ]);
    const theirs = await conversations(bob);
    expect(theirs).toEqual([
      expect.objectContaining({
        unread: true,
        accounts: [expect.objectContaining({ id: alice.account.id })],
      }),
    ]);
    const reply = await post(bob, {
      status: `@${alice.account.username} got it`,
      visibility: 'direct',
      in_reply_to_id: dm.id,
    });
    const updated = await conversations(alice);
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({
      id: mine[0].id,
      unread: true,
      last_status: { id: reply.id },
    });
  });

  it('marks read, and removes a conversation', async () => {
    const [alice, bob] = await pair();
    await post(alice, { status: `@${bob.account.username} hi`, visibility: 'direct' });
    const [conversation] = await conversations(bob);
    const read = await api.http
      .post(`/api/v1/conversations/${conversation.id}/read`)
      .set('Authorization', bob.auth)
      .expect(200);
    expect(read.body).toMatchObject({ id: conversation.id, unread: false });
    await api.http
      .delete(`/api/v1/conversations/${conversation.id}`)
      .set('Authorization', bob.auth)
      .expect(200)
      .expect({});
    expect(await conversations(bob)).toEqual([]);
  });

  it('disappears when the participant is blocked or muted', async () => {
    const [alice, bob] = await pair();
    const carol = await user();
    await api.http
      .post(`/api/v1/accounts/${alice.account.id}/follow`)
      .set('Authorization', carol.auth)
      .expect(200);
    await api.http
      .post(`/api/v1/accounts/${carol.account.id}/follow`)
      .set('Authorization', alice.auth)
      .expect(200);
    await post(bob, { status: `@${alice.account.username} from bob`, visibility: 'direct' });
    await post(carol, { status: `@${alice.account.username} from carol`, visibility: 'direct' });
    expect(await conversations(alice)).toHaveLength(2);
    await api.http
      .post(`/api/v1/accounts/${bob.account.id}/mute`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(
      (await conversations(alice)).map(
        (c: { accounts: Array<{ id: string }> }) => c.accounts[0].id,
      ),
    ).toEqual([carol.account.id]);
    await api.http
      .post(`/api/v1/accounts/${carol.account.id}/block`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(await conversations(alice)).toEqual([]);
  });

  it('leaves a deleted status out, and the thread when nothing remains', async () => {
    const [alice, bob] = await pair();
    const dm = await post(alice, { status: `@${bob.account.username} oops`, visibility: 'direct' });
    await api.http.delete(`/api/v1/statuses/${dm.id}`).set('Authorization', alice.auth).expect(200);
    expect(await conversations(alice)).toEqual([]);
    expect(await conversations(bob)).toEqual([]);
  });

  it('pages by last status with Link headers', async () => {
    const alice = await user();
    const friends = [await user(), await user(), await user()];
    for (const friend of friends) {
      await api.http
        .post(`/api/v1/accounts/${alice.account.id}/follow`)
        .set('Authorization', friend.auth)
        .expect(200);
      await post(alice, { status: `@${friend.account.username} hi`, visibility: 'direct' });
    }
    const page = await api.http
      .get('/api/v1/conversations?limit=2')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(page.body).toHaveLength(2);
    expect(page.headers.link).toContain(`max_id=${page.body[1].last_status.id}`);
    const rest = await conversations(alice, `?limit=2&max_id=${page.body[1].last_status.id}`);
    expect(rest).toHaveLength(1);
    expect(rest[0].accounts[0].id).toBe(friends[0].account.id);
  });

  it('answers 404, 401, 403 and 422', async () => {
    const [alice, bob] = await pair();
    await post(alice, { status: `@${bob.account.username} x`, visibility: 'direct' });
    const [conversation] = await conversations(alice);
    const stranger = await user();
    await api.http
      .post(`/api/v1/conversations/${conversation.id}/read`)
      .set('Authorization', stranger.auth)
      .expect(404);
    await api.http
      .delete(`/api/v1/conversations/${conversation.id}`)
      .set('Authorization', stranger.auth)
      .expect(404);
    await api.http.delete('/api/v1/conversations/abc').set('Authorization', alice.auth).expect(404);
    await api.http.get('/api/v1/conversations').expect(401);
    const writeOnly = await authWith(api.dataSource, alice, 'write');
    await api.http.get('/api/v1/conversations').set('Authorization', writeOnly).expect(403);
    const readOnly = await authWith(api.dataSource, alice, 'read');
    await api.http
      .post(`/api/v1/conversations/${conversation.id}/read`)
      .set('Authorization', readOnly)
      .expect(403);
    await api.http
      .get('/api/v1/conversations?max_id=zz')
      .set('Authorization', alice.auth)
      .expect(422);
  });
});
