import { FeedManager } from '@nestodon/core';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { actor, TimelineActor } from '../../../../support/timelines';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type Json = Record<string, any>;

/** Server-side filters in every context: `warn` attaches `filtered`, `hide` removes. */
describe('filters applied to timelines, threads, profiles and notifications', () => {
  let api: ApiHarness;
  let alice: TimelineActor;
  let bob: TimelineActor;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await actor(api.dataSource);
    bob = await actor(api.dataSource);
    await api.app.get(FeedManager).markReady(alice.account.id);
    await api.http
      .post(`/api/v1/accounts/${bob.account.id}/follow`)
      .set('Authorization', alice.auth)
      .expect(200);
    const post = async (body: Record<string, unknown>) =>
      (
        await api.http
          .post('/api/v1/statuses')
          .set('Authorization', bob.auth)
          .send(body)
          .expect(200)
      ).body.id;
    ids.plain = await post({ status: 'nice weather #sun' });
    ids.warned = await post({ status: 'Spoilers: the butler did it #sun' });
    ids.hidden = await post({ status: 'Politics again #sun' });
    ids.wordPart = await post({ status: 'politicsreloaded #sun' });
    ids.byId = await post({ status: 'filtered by id #sun' });
    ids.mention = await post({ status: `@${alice.account.username} politics for you` });
    ids.reply = await post({ status: 'politics in a thread', in_reply_to_id: ids.plain });
    ids.expired = await post({ status: 'ancient history #sun' });

    const create = (body: Record<string, unknown>) =>
      api.http.post('/api/v2/filters').set('Authorization', alice.auth).send(body).expect(200);
    await create({
      title: 'Spoilers',
      context: ['home', 'public', 'thread', 'account', 'notifications'],
      filter_action: 'warn',
      keywords_attributes: [{ keyword: 'butler', whole_word: true }],
    });
    const hide = await create({
      title: 'No politics',
      context: ['home', 'public', 'thread', 'account', 'notifications'],
      filter_action: 'hide',
      keywords_attributes: [{ keyword: 'politics', whole_word: true }],
    });
    await api.http
      .post(`/api/v2/filters/${hide.body.id}/statuses`)
      .set('Authorization', alice.auth)
      .send({ status_id: ids.byId })
      .expect(200);
    const old = await create({
      title: 'Expired',
      context: ['home', 'public'],
      filter_action: 'hide',
      expires_in: 60,
      keywords_attributes: [{ keyword: 'ancient' }],
    });
    await api.dataSource.query(
      `UPDATE custom_filters SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [old.body.id],
    );
  });
  afterAll(() => api.close());

  const get = async (path: string) =>
    (await api.http.get(path).set('Authorization', alice.auth).expect(200)).body as Json[];

  function check(statuses: Json[]) {
    const byId = new Map(statuses.map((s) => [s.id, s]));
    expect(byId.has(ids.hidden)).toBe(false);
    expect(byId.has(ids.byId)).toBe(false);
    expect(byId.has(ids.plain)).toBe(true);
    expect(byId.get(ids.plain)!.filtered).toEqual([]);
    // Whole word: "politicsreloaded" does not match "politics".
    expect(byId.has(ids.wordPart)).toBe(true);
    // An expired filter does nothing.
    expect(byId.get(ids.expired)!.filtered).toEqual([]);
    const warned = byId.get(ids.warned)!;
    expect(warned.filtered).toEqual([
      {
        filter: {
          id: expect.any(String),
          title: 'Spoilers',
          context: ['home', 'public', 'thread', 'account', 'notifications'],
          expires_at: null,
          filter_action: 'warn',
        },
        keyword_matches: ['butler'],
        status_matches: null,
      },
    ]);
  }

  it('home', async () => {
    check(await get('/api/v1/timelines/home'));
  });

  it('public and hashtag', async () => {
    check(await get('/api/v1/timelines/public'));
    check(await get('/api/v1/timelines/tag/sun'));
  });

  it('account', async () => {
    check(await get(`/api/v1/accounts/${bob.account.id}/statuses`));
  });

  it('thread', async () => {
    const context = (
      await api.http
        .get(`/api/v1/statuses/${ids.plain}/context`)
        .set('Authorization', alice.auth)
        .expect(200)
    ).body;
    expect(context.descendants.map((s: { id: string }) => s.id)).not.toContain(ids.reply);
  });

  it('notifications', async () => {
    const list = await get('/api/v1/notifications');
    expect(list.map((n) => n.status?.id)).not.toContain(ids.mention);
  });

  it('a single status shows every matching filter', async () => {
    const status = (
      await api.http
        .get(`/api/v1/statuses/${ids.hidden}`)
        .set('Authorization', alice.auth)
        .expect(200)
    ).body;
    expect(status.filtered).toEqual([
      expect.objectContaining({
        filter: expect.objectContaining({ filter_action: 'hide' }),
        keyword_matches: ['Politics'],
      }),
    ]);
  });

  it('filters_changed: a new filter applies at once', async () => {
    await api.http
      .post('/api/v2/filters')
      .set('Authorization', alice.auth)
      .send({
        title: 'Weather',
        context: ['home'],
        filter_action: 'hide',
        keywords_attributes: [{ keyword: 'weather' }],
      })
      .expect(200);
    const home = await get('/api/v1/timelines/home');
    expect(home.map((s) => s.id)).not.toContain(ids.plain);
  });
});
