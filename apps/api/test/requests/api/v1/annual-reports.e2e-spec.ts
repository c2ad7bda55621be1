import { ApiHarness, startApi } from '../../../support/api-harness';
import { Actor, createActor, postStatus, tokenWithScopes } from '../../../support/statuses';

const YEAR = new Date().getUTCFullYear();

describe('annual reports (Mastodon 4.3+, issue 15)', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true, env: { ANNUAL_REPORT_YEAR: String(YEAR) } });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(() => api.close());

  const get = (actor: Actor | string, path: string) =>
    api.http
      .get(`/api/v1/annual_reports${path}`)
      .set('Authorization', typeof actor === 'string' ? actor : actor.auth);
  const post = (actor: Actor | string, path: string) =>
    api.http
      .post(`/api/v1/annual_reports${path}`)
      .set('Authorization', typeof actor === 'string' ? actor : actor.auth);

  it('generates a report from the year’s activity in the worker, then serves it', async () => {
    const popular = await postStatus(api.http, alice, { status: 'Hello #Cats' });
    await postStatus(api.http, alice, { status: 'More #cats and #dogs' });
    await postStatus(api.http, alice, { status: 'followers', visibility: 'private' });
    await api.http
      .post(`/api/v1/statuses/${popular.id}/reblog`)
      .set('Authorization', bob.auth)
      .expect(200);
    await api.http
      .post(`/api/v1/accounts/${alice.account.id}/follow`)
      .set('Authorization', bob.auth)
      .expect(200);
    expect((await get(alice, `/${YEAR}/state`).expect(200)).body).toEqual({ state: 'eligible' });

    const generated = await post(alice, `/${YEAR}/generate`).expect(202);
    const header = generated.headers['mastodon-async-refresh'];
    expect(header).toMatch(/^id="[\w-]+", retry=2$/);
    const refreshId = /id="([\w-]+)"/.exec(header)![1];
    const refresh = await api.http
      .get(`/api/v1_alpha/async_refreshes/${refreshId}`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(refresh.body).toEqual({
      async_refresh: { id: refreshId, status: 'finished', result_count: null },
    });
    // Others may not read it.
    await api.http
      .get(`/api/v1_alpha/async_refreshes/${refreshId}`)
      .set('Authorization', bob.auth)
      .expect(404);

    expect((await get(alice, `/${YEAR}/state`).expect(200)).body).toEqual({ state: 'available' });
    const listed = await get(alice, '').expect(200);
    const month = new Date().getUTCMonth() + 1;
    expect(listed.body).toEqual({
      annual_reports: [
        {
          year: YEAR,
          schema_version: 2,
          share_url: null,
          account_id: alice.account.id,
          data: {
            archetype: 'lurker',
            time_series: expect.arrayContaining([
              { month, statuses: 3, followers: 1, following: 0 },
            ]),
            top_hashtags: [{ name: 'Cats', count: 2 }],
            top_statuses: {
              by_reblogs: popular.id,
              // Statuses nobody interacted with have no counters yet, as on Mastodon.
              by_favourites: null,
              by_replies: null,
            },
          },
        },
      ],
      accounts: [],
      statuses: expect.arrayContaining([expect.objectContaining({ id: popular.id })]),
    });
    expect(listed.body.annual_reports[0].data.time_series).toHaveLength(12);

    // Generating again does nothing.
    await post(alice, `/${YEAR}/generate`).expect(200);
    // Read, it leaves the list but stays reachable.
    expect((await post(alice, `/${YEAR}/read`).expect(200)).body).toEqual({});
    expect((await get(alice, '').expect(200)).body.annual_reports).toEqual([]);
    const one = await get(alice, `/${YEAR}`).expect(200);
    expect(one.body.annual_reports).toHaveLength(1);
  });

  it('finds accounts without activity, and other years, ineligible', async () => {
    const quiet = await createActor(api.dataSource, {});
    expect((await get(quiet, `/${YEAR}/state`).expect(200)).body).toEqual({
      state: 'ineligible',
    });
    await post(quiet, `/${YEAR}/generate`).expect(200);
    expect((await get(quiet, '').expect(200)).body.annual_reports).toEqual([]);
    expect((await get(alice, `/${YEAR - 1}/state`).expect(200)).body.state).toBe('ineligible');
    expect((await get(alice, '/nope/state').expect(200)).body.state).toBe('ineligible');
  });

  it('answers 404 for reports that do not exist, 401 and 403 by token', async () => {
    await get(bob, `/${YEAR}`).expect(404);
    await post(bob, `/${YEAR}/read`).expect(404);
    await get(bob, '/nope').expect(404);
    await api.http.get('/api/v1/annual_reports').expect(401);
    await api.http.post(`/api/v1/annual_reports/${YEAR}/generate`).expect(401);
    await api.http.get('/api/v1_alpha/async_refreshes/abc').expect(401);
    const readOnly = await tokenWithScopes(api.dataSource, alice, 'read');
    await post(readOnly, `/${YEAR}/generate`).expect(403);
    await post(readOnly, `/${YEAR}/read`).expect(403);
    const writeOnly = await tokenWithScopes(api.dataSource, alice, 'write');
    await get(writeOnly, '').expect(403);
    await api.http
      .get('/api/v1_alpha/async_refreshes/abc')
      .set('Authorization', writeOnly)
      .expect(403);
    await api.http
      .get('/api/v1_alpha/async_refreshes/unknown')
      .set('Authorization', alice.auth)
      .expect(404);
  });
});

describe('annual reports while the worker has not run', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({ env: { ANNUAL_REPORT_YEAR: String(YEAR) } });
  });
  afterAll(() => api.close());

  it('says generating, with the refresh to poll, until the worker is done', async () => {
    const carol = await createActor(api.dataSource, {});
    await postStatus(api.http, carol, { status: 'one post' });
    const first = await api.http
      .post(`/api/v1/annual_reports/${YEAR}/generate`)
      .set('Authorization', carol.auth)
      .expect(202);
    const again = await api.http
      .post(`/api/v1/annual_reports/${YEAR}/generate`)
      .set('Authorization', carol.auth)
      .expect(202);
    expect(again.headers['mastodon-async-refresh']).toBe(first.headers['mastodon-async-refresh']);
    const state = await api.http
      .get(`/api/v1/annual_reports/${YEAR}/state`)
      .set('Authorization', carol.auth)
      .expect(200);
    expect(state.body).toEqual({ state: 'generating' });
    expect(state.headers['mastodon-async-refresh']).toBe(first.headers['mastodon-async-refresh']);
    const id = /id="([\w-]+)"/.exec(first.headers['mastodon-async-refresh'])![1];
    const refresh = await api.http
      .get(`/api/v1_alpha/async_refreshes/${id}`)
      .set('Authorization', carol.auth)
      .expect(200);
    expect(refresh.body.async_refresh.status).toBe('running');
  });
});
