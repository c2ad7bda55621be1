import { ChangeSettingsService, RefreshTrendsService } from '@nestodon/core';
import { PreviewCard, PreviewCardProvider, Tag } from '@nestodon/domain';
import { HttpStandIn, startHttpStandIn } from '@nestodon/testing';
import { articleSite } from '../../../../support/link-sites';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { staff } from '../../../../support/moderation';
import { links, Person, person, scopedAuth } from '../../../../support/relationships';
import { postStatus } from '../../../../support/statuses';

describe('/api/v1/admin/trends (review) and language-first trends', () => {
  let api: ApiHarness;
  let site: HttpStandIn;
  let admin: Person;
  let moderator: Person;
  let nobody: Person;
  let popular: { id: string };
  let card: PreviewCard;

  const get = (path: string, who?: Person | string) => {
    const request = api.http.get(path);
    return who ? request.set('Authorization', typeof who === 'string' ? who : who.auth) : request;
  };
  const post = (path: string, who: Person | string = admin) =>
    api.http.post(path).set('Authorization', typeof who === 'string' ? who : who.auth);
  const names = async (path: string, who?: Person, language?: string) => {
    const request = get(path, who);
    if (language) request.set('Accept-Language', language);
    return (await request.expect(200)).body.map((tag: { name: string }) => tag.name);
  };
  const tagId = async (name: string) =>
    (await api.dataSource.getRepository(Tag).findOneByOrFail({ name })).id;

  beforeAll(async () => {
    site = await startHttpStandIn(await articleSite());
    api = await startApi({ inlineJobs: true });
    admin = await staff(api, 'Admin');
    moderator = await staff(api, 'Moderator');
    nobody = await staff(api, null);
    const people: Person[] = [];
    for (let i = 0; i < 6; i++) people.push(await person(api.dataSource, { discoverable: true }));
    // #Rising: six accounts in English; #Steigend: five in German (a lower score).
    for (const who of people) {
      await postStatus(api.http, who, {
        status: `all about #Rising and ${site.url}/story`,
        language: 'en',
      });
    }
    for (const who of people.slice(1)) {
      await postStatus(api.http, who, { status: 'alles über #Steigend', language: 'de' });
    }
    popular = await postStatus(api.http, people[0], { status: 'a popular post', language: 'en' });
    for (const who of people.slice(1)) {
      await post(`/api/v1/statuses/${popular.id}/favourite`, who).expect(200);
      await post(`/api/v1/statuses/${popular.id}/reblog`, who).expect(200);
    }
    await api.app.get(RefreshTrendsService).call();
    card = await api.dataSource
      .getRepository(PreviewCard)
      .findOneByOrFail({ url: `${site.url}/story` });
  });
  afterAll(async () => {
    await api.close();
    await site.close();
  });

  it('lists every trending tag for staff as Admin::Tag, nothing public before review', async () => {
    expect(await names('/api/v1/trends/tags')).toEqual([]);
    const res = await get('/api/v1/admin/trends/tags', admin).expect(200);
    expect(res.body.map((tag: { name: string }) => tag.name)).toEqual(['Rising', 'Steigend']);
    expect(res.body[0]).toEqual({
      id: await tagId('rising'),
      name: 'Rising',
      url: expect.stringMatching(/\/tags\/rising$/),
      history: expect.any(Array),
      following: false,
      featuring: false,
      trendable: false,
      usable: true,
      requires_review: true,
      listable: true,
    });
    expect(res.body[0].history[0]).toMatchObject({ uses: '6', accounts: '6' });
    // Moderators hold manage_taxonomies too; the trends setting does not hide anything from staff.
    await api.app.get(ChangeSettingsService).call({ trends: false });
    expect(await names('/api/v1/admin/trends/tags', moderator)).toEqual(['Rising', 'Steigend']);
    await api.app.get(ChangeSettingsService).call({ trends: true });
  });

  it('approves and rejects tags, which readers then see or not', async () => {
    const id = await tagId('rising');
    const approved = await post(`/api/v1/admin/trends/tags/${id}/approve`).expect(200);
    expect(approved.body).toMatchObject({ id, trendable: true, requires_review: false });
    expect(await names('/api/v1/trends/tags')).toEqual(['Rising']);
    await post(`/api/v1/admin/trends/tags/${await tagId('steigend')}/approve`).expect(200);
    expect(await names('/api/v1/trends/tags')).toEqual(['Rising', 'Steigend']);

    const rejected = await post(`/api/v1/admin/trends/tags/${id}/reject`).expect(200);
    expect(rejected.body).toMatchObject({ trendable: false, requires_review: false });
    expect(await names('/api/v1/trends/tags')).toEqual(['Steigend']);
    // Staff still see it, rejected.
    const review = (await get('/api/v1/admin/trends/tags', admin).expect(200)).body;
    expect(review[0]).toMatchObject({ name: 'Rising', trendable: false, requires_review: false });
    await post(`/api/v1/admin/trends/tags/${id}/approve`).expect(200);
  });

  it('ranks the reader’s languages first: chosen languages, locale, Accept-Language', async () => {
    expect(await names('/api/v1/trends/tags')).toEqual(['Rising', 'Steigend']);
    expect(await names('/api/v1/trends/tags', undefined, 'de-DE,en;q=0.5')).toEqual([
      'Steigend',
      'Rising',
    ]);
    const german = await person(api.dataSource, {}, { locale: 'de' });
    expect(await names('/api/v1/trends/tags', german, 'en')).toEqual(['Steigend', 'Rising']);
    const picky = await person(api.dataSource, {}, { locale: 'de', chosenLanguages: ['en'] });
    expect(await names('/api/v1/trends/tags', picky)).toEqual(['Rising', 'Steigend']);
    const page = await get('/api/v1/trends/tags?limit=1').set('Accept-Language', 'de').expect(200);
    expect(page.body.map((tag: { name: string }) => tag.name)).toEqual(['Steigend']);
    expect(links(page.headers.link).next.searchParams.get('offset')).toBe('1');
  });

  it('reviews link publishers: an allowed publisher’s links trend until one is rejected', async () => {
    const list = await get('/api/v1/admin/trends/links', admin).expect(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({
      id: String(card.id),
      url: `${site.url}/story`,
      title: 'Big news',
      requires_review: true,
    });
    expect(list.body[0].history[0]).toMatchObject({ uses: '6', accounts: '6' });
    expect((await get('/api/v1/trends/links').expect(200)).body).toEqual([]);

    const publishers = await get('/api/v1/admin/trends/links/publishers', admin).expect(200);
    const host = new URL(site.url).hostname;
    expect(publishers.body).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        domain: host,
        trendable: null,
        reviewed_at: null,
        requested_review_at: null,
        requires_review: true,
      },
    ]);
    const publisherId = publishers.body[0].id;
    const approved = await post(
      `/api/v1/admin/trends/links/publishers/${publisherId}/approve`,
    ).expect(200);
    expect(approved.body).toMatchObject({
      domain: host,
      trendable: true,
      reviewed_at: expect.any(String),
      requires_review: false,
    });
    const shown = (await get('/api/v1/trends/links').expect(200)).body;
    expect(shown.map((link: { url: string }) => link.url)).toEqual([`${site.url}/story`]);
    expect((await get('/api/v1/admin/trends/links', admin).expect(200)).body[0]).toMatchObject({
      requires_review: false,
    });

    const rejected = await post(`/api/v1/admin/trends/links/${card.id}/reject`).expect(200);
    expect(rejected.body).toMatchObject({ id: String(card.id), requires_review: false });
    expect((await get('/api/v1/trends/links').expect(200)).body).toEqual([]);
    await post(`/api/v1/admin/trends/links/${card.id}/approve`).expect(200);
    expect((await get('/api/v1/trends/links').expect(200)).body).toHaveLength(1);
    await post(`/api/v1/admin/trends/links/publishers/${publisherId}/reject`).expect(200);
    const row = await api.dataSource
      .getRepository(PreviewCardProvider)
      .findOneByOrFail({ id: publisherId });
    expect(row.trendable).toBe(false);
    // The link itself was approved, which outweighs its publisher.
    expect((await get('/api/v1/trends/links').expect(200)).body).toHaveLength(1);
  });

  it('reviews statuses', async () => {
    const list = await get('/api/v1/admin/trends/statuses', admin).expect(200);
    expect(list.body.map((status: { id: string }) => status.id)).toEqual([popular.id]);
    expect(list.body[0]).toMatchObject({ content: expect.any(String), requires_review: true });
    expect((await get('/api/v1/trends/statuses').expect(200)).body).toEqual([]);
    const approved = await post(`/api/v1/admin/trends/statuses/${popular.id}/approve`).expect(200);
    expect(approved.body).toMatchObject({ id: popular.id, requires_review: false });
    const shown = (await get('/api/v1/trends/statuses').expect(200)).body;
    expect(shown.map((status: { id: string }) => status.id)).toEqual([popular.id]);
    await post(`/api/v1/admin/trends/statuses/${popular.id}/reject`).expect(200);
    expect((await get('/api/v1/trends/statuses').expect(200)).body).toEqual([]);
    const review = (await get('/api/v1/admin/trends/statuses', admin).expect(200)).body;
    expect(review).toMatchObject([{ id: popular.id, requires_review: false }]);
  });

  it('gives callers without manage_taxonomies the public trends, as Mastodon', async () => {
    const res = await get('/api/v1/admin/trends/tags', nobody).expect(200);
    expect(res.body.map((tag: { name: string }) => tag.name)).toEqual(['Rising', 'Steigend']);
    expect(res.body[0]).not.toHaveProperty('requires_review');
    const anonymous = await get('/api/v1/admin/trends/links').expect(200);
    expect(anonymous.body[0]).not.toHaveProperty('requires_review');
    await get('/api/v1/admin/trends/statuses').expect(200);
  });

  it('is 401, 403 wrong scope or without manage_taxonomies, 404, 422', async () => {
    const id = await tagId('rising');
    const actions = [
      `/api/v1/admin/trends/tags/${id}/approve`,
      `/api/v1/admin/trends/tags/${id}/reject`,
      `/api/v1/admin/trends/links/${card.id}/approve`,
      `/api/v1/admin/trends/links/${card.id}/reject`,
      `/api/v1/admin/trends/statuses/${popular.id}/approve`,
      `/api/v1/admin/trends/statuses/${popular.id}/reject`,
    ];
    const publisher = (await get('/api/v1/admin/trends/links/publishers', admin).expect(200))
      .body[0].id;
    actions.push(
      `/api/v1/admin/trends/links/publishers/${publisher}/approve`,
      `/api/v1/admin/trends/links/publishers/${publisher}/reject`,
    );
    const readOnly = await scopedAuth(api.dataSource, admin, 'admin:read');
    for (const path of actions) {
      await api.http.post(path).expect(401);
      await post(path, readOnly).expect(403);
      await post(path, nobody).expect(403);
    }
    await get('/api/v1/admin/trends/links/publishers').expect(401);
    await get('/api/v1/admin/trends/links/publishers', nobody).expect(403);
    const writeOnly = await scopedAuth(api.dataSource, admin, 'admin:write');
    for (const list of ['tags', 'links', 'statuses', 'links/publishers']) {
      await get(`/api/v1/admin/trends/${list}`, writeOnly).expect(403);
    }
    for (const kind of ['tags', 'links', 'statuses', 'links/publishers']) {
      await post(`/api/v1/admin/trends/${kind}/999999999/approve`).expect(404);
      await post(`/api/v1/admin/trends/${kind}/nope/reject`).expect(404);
    }
    await get('/api/v1/admin/trends/tags?limit=x', admin).expect(422);
    await get('/api/v1/admin/trends/statuses?offset=-1', admin).expect(422);
    await get('/api/v1/admin/trends/links/publishers?max_id=x', admin).expect(422);
  });
});
