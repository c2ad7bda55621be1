import { ChangeSettingsService, RefreshTrendsService } from '@nestodon/core';
import { PreviewCard, Tag } from '@nestodon/domain';
import { HttpStandIn, startHttpStandIn } from '@nestodon/testing';
import { articleSite } from '../../../support/link-sites';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { links, Person, person, scopedAuth } from '../../../support/relationships';
import { postStatus } from '../../../support/statuses';

describe('GET /api/v1/trends/tags, /statuses and /links', () => {
  let api: ApiHarness;
  let site: HttpStandIn;
  let people: Person[];
  let popular: { id: string };

  const settings = (changes: { trends?: boolean; trendableByDefault?: boolean }) =>
    api.app.get(ChangeSettingsService).call(changes);
  const refresh = () => api.app.get(RefreshTrendsService).call();
  const names = async (path: string) =>
    (await api.http.get(path).expect(200)).body.map((tag: { name: string }) => tag.name);

  beforeAll(async () => {
    site = await startHttpStandIn(await articleSite());
    api = await startApi({ inlineJobs: true });
    people = [];
    for (let i = 0; i < 6; i++) people.push(await person(api.dataSource, { discoverable: true }));
    for (const who of people) {
      await postStatus(
        api.http,
        { ...who, token: '' },
        {
          status: `all about #Rising and ${site.url}/story`,
        },
      );
      // Shared as widely, but not an article with a picture: never a trending link.
      await postStatus(api.http, { ...who, token: '' }, { status: `see ${site.url}/plain` });
    }
    // One post with a single use: below the threshold of five accounts.
    await postStatus(api.http, { ...people[0], token: '' }, { status: '#quiet' });
    popular = await postStatus(api.http, { ...people[0], token: '' }, { status: 'a popular post' });
    for (const who of people.slice(1)) {
      await api.http
        .post(`/api/v1/statuses/${popular.id}/favourite`)
        .set('Authorization', who.auth)
        .expect(200);
      await api.http
        .post(`/api/v1/statuses/${popular.id}/reblog`)
        .set('Authorization', who.auth)
        .expect(200);
    }
    await refresh();
  });
  afterAll(async () => {
    await api.close();
    await site.close();
  });

  it('shows nothing unreviewed while review is required (the default)', async () => {
    expect(await names('/api/v1/trends/tags')).toEqual([]);
    expect((await api.http.get('/api/v1/trends/statuses').expect(200)).body).toEqual([]);
    expect((await api.http.get('/api/v1/trends/links').expect(200)).body).toEqual([]);
  });

  it('ranks tags, statuses and links by distinct accounts, with history', async () => {
    await settings({ trendableByDefault: true });
    const tags = (await api.http.get('/api/v1/trends/tags').expect(200)).body;
    expect(tags.map((tag: { name: string }) => tag.name)).toEqual(['Rising']);
    expect(tags[0].history[0]).toMatchObject({ uses: '6', accounts: '6' });

    const statuses = (await api.http.get('/api/v1/trends/statuses').expect(200)).body;
    expect(statuses.map((status: { id: string }) => status.id)).toEqual([popular.id]);

    const trending = (await api.http.get('/api/v1/trends/links').expect(200)).body;
    expect(trending).toHaveLength(1);
    expect(trending[0]).toMatchObject({ url: `${site.url}/story`, title: 'Big news' });
    expect(trending[0].history[0]).toEqual({
      day: String(Math.floor(Date.now() / 86_400_000) * 86_400),
      uses: '6',
      accounts: '6',
    });
    expect(trending[0].history).toHaveLength(7);
    const card = await api.dataSource.getRepository(PreviewCard).findOneByOrFail({
      url: `${site.url}/story`,
    });
    expect(card.maxScore).toBe(25);
  });

  it('keeps rejected items out and shows allowed ones when review is required', async () => {
    await settings({ trendableByDefault: false });
    await api.dataSource.getRepository(Tag).update({ name: 'rising' }, { trendable: true });
    await refresh();
    expect(await names('/api/v1/trends/tags')).toEqual(['Rising']);
    await api.dataSource.getRepository(Tag).update({ name: 'rising' }, { trendable: false });
    await settings({ trendableByDefault: true });
    await refresh();
    expect(await names('/api/v1/trends/tags')).toEqual([]);
    await api.dataSource.getRepository(Tag).update({ name: 'rising' }, { trendable: null });
    await refresh();
  });

  it('pages by offset with Link headers, and is empty when trends are off', async () => {
    await settings({ trendableByDefault: true });
    const res = await api.http.get('/api/v1/trends/tags?limit=1').expect(200);
    expect(res.body).toHaveLength(1);
    expect(links(res.headers.link).next.searchParams.get('offset')).toBe('1');
    expect((await api.http.get('/api/v1/trends/tags?offset=1').expect(200)).body).toEqual([]);
    await settings({ trends: false });
    expect(await names('/api/v1/trends/tags')).toEqual([]);
    await settings({ trends: true });
  });

  it('GET /api/v1/timelines/link lists public posts sharing a trending link', async () => {
    const url = encodeURIComponent(`${site.url}/story`);
    await settings({ trendableByDefault: false });
    await api.http.get(`/api/v1/timelines/link?url=${url}`).expect(404);
    await settings({ trendableByDefault: true });
    const res = await api.http.get(`/api/v1/timelines/link?url=${url}&limit=4`).expect(200);
    expect(res.body).toHaveLength(4);
    expect(res.body[0].card).toMatchObject({ url: `${site.url}/story` });
    const next = links(res.headers.link).next;
    expect(next.searchParams.get('url')).toBe(`${site.url}/story`);
    const rest = await api.http.get(`${next.pathname}${next.search}`).expect(200);
    expect(rest.body).toHaveLength(2);
    const signedIn = await api.http
      .get(`/api/v1/timelines/link?url=${url}`)
      .set('Authorization', people[1].auth)
      .expect(200);
    expect(signedIn.body).toHaveLength(6);
    const writeOnly = await scopedAuth(api.dataSource, people[1], 'write');
    await api.http
      .get(`/api/v1/timelines/link?url=${url}`)
      .set('Authorization', writeOnly)
      .expect(403);
    await api.http.get('/api/v1/timelines/link?url=https%3A%2F%2Felsewhere.example%2F').expect(404);
    await api.http.get('/api/v1/timelines/link').expect(422);
    await api.http.get(`/api/v1/timelines/link?url=${url}&max_id=x`).expect(422);
  });

  it('is 422 for bad parameters', async () => {
    for (const query of ['limit=x', 'offset=-1', 'offset=1.5']) {
      await api.http.get(`/api/v1/trends/tags?${query}`).expect(422);
      await api.http.get(`/api/v1/trends/links?${query}`).expect(422);
    }
  });
});
