import { CustomEmoji } from '@nestodon/domain';
import { createMediaAttachment } from '@nestodon/testing';
import { ClearCacheService, FeedManager } from '@nestodon/core';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { countQueries } from '../../../../support/relationships';
import { actor, TimelineActor } from '../../../../support/timelines';

interface StatusBody {
  id: string;
  content: string;
  account: { display_name: string; followers_count: number };
  reblog: StatusBody | null;
  favourites_count: number;
  emojis: Array<{ shortcode: string }>;
  [field: string]: unknown;
}

/**
 * Statuses rendered once are kept by their render versions (RenderedStatusCache) and pages
 * are assembled from them with live counters and the viewer's own marks: the same bodies as a
 * full rendering, never one viewer's marks for another, and every write shown at once.
 */
describe('the rendered-status cache', () => {
  let api: ApiHarness;
  let alice: TimelineActor;
  let bob: TimelineActor;
  let carol: TimelineActor;
  let dave: TimelineActor;
  let plain: StatusBody;
  let boosted: StatusBody;
  let muted: StatusBody;

  const post = async (author: TimelineActor, body: Record<string, unknown>) =>
    (
      await api.http
        .post('/api/v1/statuses')
        .set('Authorization', author.auth)
        .send(body)
        .expect(200)
    ).body as StatusBody;
  const act = (who: TimelineActor, path: string) =>
    api.http.post(path).set('Authorization', who.auth).expect(200);
  const get = async (path: string, who?: TimelineActor) => {
    const request = api.http.get(path);
    if (who) request.set('Authorization', who.auth);
    return (await request.expect(200)).body as StatusBody[];
  };
  /** `cache clear`: what Redis and this process keep. */
  const forget = () => api.app.get(ClearCacheService).call();

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    [alice, bob, carol, dave] = await Promise.all([1, 2, 3, 4].map(() => actor(api.dataSource)));
    for (const viewer of [alice, bob]) {
      await api.app.get(FeedManager).markReady(viewer.account.id);
      for (const author of [carol, dave]) {
        await act(viewer, `/api/v1/accounts/${author.account.id}/follow`);
      }
    }
    await api.dataSource
      .getRepository(CustomEmoji)
      .save({ shortcode: 'blobcat', imageFileName: 'b.gif' });
    await api.http
      .post('/api/v2/filters')
      .set('Authorization', alice.auth)
      .send({
        title: 'spoilers',
        context: ['home', 'public'],
        keywords_attributes: [{ keyword: 'finale' }],
      })
      .expect(200);
    const media = await createMediaAttachment(api.dataSource, carol.account, {
      description: 'a cat on a mat',
    });

    // Every kind of status the cache keeps, and a poll it does not.
    plain = await post(carol, {
      status: `hello #cats @${alice.account.username} :blobcat: https://example.com/`,
    });
    await post(carol, { status: 'with a picture', media_ids: [media.id], sensitive: true });
    await post(carol, { status: 'the finale', spoiler_text: 'tv' });
    muted = await post(carol, { status: 'a thread', visibility: 'unlisted' });
    await post(dave, { status: 'a reply', in_reply_to_id: muted.id });
    await post(dave, { status: 'which?', poll: { options: ['a', 'b'], expires_in: 3600 } });
    // Alice does not follow Bob: his status reaches her home as Dave's reblog.
    boosted = await post(bob, { status: 'boost me :blobcat:' });
    await act(dave, `/api/v1/statuses/${boosted.id}/reblog`);
    await act(alice, `/api/v1/statuses/${boosted.id}/favourite`);
    await act(alice, `/api/v1/statuses/${boosted.id}/bookmark`);
    await act(alice, `/api/v1/statuses/${plain.id}/favourite`);
    await act(alice, `/api/v1/statuses/${muted.id}/mute`);
  });
  afterAll(() => api.close());

  it('serves pages equal to the full rendering, for fewer queries', async () => {
    for (const [path, viewer] of [
      ['/api/v1/timelines/home', alice],
      ['/api/v1/timelines/public', bob],
      ['/api/v1/timelines/public', undefined],
      [`/api/v1/statuses/${muted.id}/context`, alice],
      [`/api/v1/accounts/${carol.account.id}/statuses`, alice],
    ] as const) {
      await forget();
      let rendered: StatusBody[] = [];
      const renderedCost = await countQueries(api.dataSource, async () => {
        rendered = await get(path, viewer);
      });
      let cached: StatusBody[] = [];
      const cachedCost = await countQueries(api.dataSource, async () => {
        cached = await get(path, viewer);
      });
      expect(cached).toEqual(rendered);
      expect(cachedCost).toBeLessThan(renderedCost);
    }
    const home = await get('/api/v1/timelines/home', alice);
    expect(home.length).toBe(7);
    const reblog = home.find((status) => status.reblog?.id === boosted.id)!;
    expect(reblog.reblog).toMatchObject({ favourited: true, bookmarked: true });
    expect(reblog.reblog!.emojis.map((emoji) => emoji.shortcode)).toEqual(['blobcat']);
    expect(home.find((status) => status.id === plain.id)).toMatchObject({
      favourited: true,
      mentions: [expect.objectContaining({ id: alice.account.id })],
      tags: [expect.objectContaining({ name: 'cats' })],
    });
    expect(home.find((status) => status.id === muted.id)).toMatchObject({ muted: true });
    const finale = home.find((status) => status.content.includes('finale'))!;
    expect(finale.filtered).toEqual([expect.objectContaining({ keyword_matches: ['finale'] })]);
  });

  it("never shows one viewer's marks or filters to another", async () => {
    await forget();
    await get('/api/v1/timelines/public', alice);
    const bobs = await get('/api/v1/timelines/public', bob);
    const anonymous = await get('/api/v1/timelines/public');
    for (const status of bobs) {
      expect(status).toMatchObject({
        favourited: false,
        bookmarked: false,
        muted: false,
        filtered: [],
      });
      expect(status.reblog?.favourited ?? false).toBe(false);
    }
    for (const status of anonymous) {
      expect(status).not.toHaveProperty('favourited');
      expect(status).not.toHaveProperty('filtered');
    }
    await forget();
    expect(await get('/api/v1/timelines/public', bob)).toEqual(bobs);
    expect(await get('/api/v1/timelines/public')).toEqual(anonymous);
  });

  it('shows edits, profile changes, counters and new custom emojis at once', async () => {
    const shown = async () =>
      (await get('/api/v1/timelines/home', alice)).find((s) => s.id === plain.id)!;
    await shown();
    await api.http
      .put(`/api/v1/statuses/${plain.id}`)
      .set('Authorization', carol.auth)
      .send({ status: 'hello again :newmoji:' })
      .expect(200);
    expect((await shown()).content).toContain('hello again');

    await api.http
      .patch('/api/v1/accounts/update_credentials')
      .set('Authorization', carol.auth)
      .send({ display_name: 'Carol C.' })
      .expect(200);
    expect((await shown()).account.display_name).toBe('Carol C.');

    await act(bob, `/api/v1/statuses/${plain.id}/favourite`);
    await act(bob, `/api/v1/accounts/${carol.account.id}/unfollow`);
    const counted = await shown();
    expect(counted.favourites_count).toBe(2);
    // Only Alice follows Carol now.
    expect(counted.account.followers_count).toBe(1);

    // A new emoji shows in statuses already kept: it moves the render epoch.
    await api.dataSource
      .getRepository(CustomEmoji)
      .save({ shortcode: 'newmoji', imageFileName: 'n.gif' });
    expect((await shown()).emojis.map((emoji) => emoji.shortcode)).toEqual(['newmoji']);
  });
});
