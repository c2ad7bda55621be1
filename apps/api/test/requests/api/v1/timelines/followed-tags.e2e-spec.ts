import { FanOutOnWriteService, FeedManager } from '@nestodon/core';
import { StatusVisibility } from '@nestodon/domain';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { actor, insertStatus, remote, TimelineActor } from '../../../../support/timelines';

/**
 * Followed hashtags at home (Mastodon 4.0+): the worker's fan-out (run inline) puts original
 * public statuses carrying a hashtag a user follows into that user's home feed, local or
 * remote author, under the same home rules as for followed accounts, once.
 */
describe('home timeline: statuses with followed hashtags', () => {
  let api: ApiHarness;
  let feeds: FeedManager;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    feeds = api.app.get(FeedManager);
  });
  afterAll(() => api.close());

  async function user(): Promise<TimelineActor> {
    const who = await actor(api.dataSource);
    await feeds.markReady(who.account.id);
    return who;
  }

  async function post(who: TimelineActor, body: Record<string, unknown>): Promise<{ id: string }> {
    const res = await api.http.post('/api/v1/statuses').set('Authorization', who.auth).send(body);
    expect(res.status).toBe(200);
    return res.body;
  }

  async function home(who: TimelineActor): Promise<string[]> {
    const res = await api.http
      .get('/api/v1/timelines/home')
      .set('Authorization', who.auth)
      .expect(200);
    return res.body.map((status: { id: string }) => status.id);
  }

  const followTag = (who: TimelineActor, tag: string) =>
    api.http.post(`/api/v1/tags/${tag}/follow`).set('Authorization', who.auth).expect(200);

  const act = (who: TimelineActor, target: TimelineActor, action: string) =>
    api.http
      .post(`/api/v1/accounts/${target.account.id}/${action}`)
      .set('Authorization', who.auth)
      .expect(200);

  it('delivers public statuses with a followed hashtag, and only public ones', async () => {
    const alice = await user();
    const bob = await user();
    await followTag(alice, 'cats');
    const visible = await post(bob, { status: 'look #Cats', visibility: 'public' });
    await post(bob, { status: 'quiet #cats', visibility: 'unlisted' });
    await post(bob, { status: 'friends #cats', visibility: 'private' });
    await post(bob, { status: `@${alice.account.username} secret #cats`, visibility: 'direct' });
    await post(bob, { status: 'no tag here', visibility: 'public' });
    await post(bob, { status: 'other #dogs', visibility: 'public' });
    expect(await home(alice)).toEqual([visible.id]);
    expect(await feeds.allIds('home', alice.account.id)).toEqual([visible.id]);
  });

  it('delivers once to a user following several of its tags', async () => {
    const alice = await user();
    const bob = await user();
    await followTag(alice, 'cats');
    await followTag(alice, 'dogs');
    const both = await post(bob, { status: '#cats and #dogs' });
    expect(await home(alice)).toEqual([both.id]);
  });

  it('never lets in statuses of blocked, blocking or muted authors, or mentioning them', async () => {
    const alice = await user();
    const blocked = await user();
    const muted = await user();
    const blocker = await user();
    const friend = await user();
    await followTag(alice, 'cats');
    await act(alice, blocked, 'block');
    await act(alice, muted, 'mute');
    await act(blocker, alice, 'block');
    await post(blocked, { status: 'blocked #cats' });
    await post(muted, { status: 'muted #cats' });
    await post(blocker, { status: 'blocker #cats' });
    await post(friend, { status: `@${muted.account.username} mentioning #cats` });
    const fine = await post(friend, { status: 'fine #cats' });
    expect(await home(alice)).toEqual([fine.id]);
  });

  it('shows a status once to a user following both its tag and its author', async () => {
    const alice = await user();
    const bob = await user();
    await followTag(alice, 'cats');
    await act(alice, bob, 'follow');
    const status = await post(bob, { status: 'hello #cats' });
    expect(await home(alice)).toEqual([status.id]);
    expect(await feeds.allIds('home', alice.account.id)).toEqual([status.id]);
  });

  it("leaves the author's own feed as is and skips those not following the tag", async () => {
    const alice = await user();
    const carol = await user();
    await followTag(alice, 'cats');
    const own = await post(alice, { status: 'mine #cats' });
    expect(await home(alice)).toEqual([own.id]);
    expect(await home(carol)).toEqual([]);
  });

  it('delivers remote statuses, except from a domain the follower blocks', async () => {
    const alice = await user();
    await followTag(alice, 'cats');
    const fanOut = api.app.get(FanOutOnWriteService);
    const far = await remote(api.dataSource, { domain: 'far.example' });
    const shunned = await remote(api.dataSource, { domain: 'shunned.example' });
    await api.http
      .post('/api/v1/domain_blocks')
      .set('Authorization', alice.auth)
      .send({ domain: 'shunned.example' })
      .expect(200);
    const farStatus = await insertStatus(api.dataSource, far, { tags: ['cats'] });
    const shunnedStatus = await insertStatus(api.dataSource, shunned, { tags: ['cats'] });
    const unlisted = await insertStatus(api.dataSource, far, {
      tags: ['cats'],
      visibility: StatusVisibility.Unlisted,
    });
    for (const status of [farStatus, shunnedStatus, unlisted]) await fanOut.call(status.id);
    expect(await home(alice)).toEqual([farStatus.id]);
  });

  it('keeps past entries after the tag is unfollowed, like Mastodon', async () => {
    const alice = await user();
    const bob = await user();
    await followTag(alice, 'cats');
    const before = await post(bob, { status: 'before #cats' });
    await api.http.post('/api/v1/tags/cats/unfollow').set('Authorization', alice.auth).expect(200);
    await post(bob, { status: 'after #cats' });
    expect(await home(alice)).toEqual([before.id]);
  });
});
