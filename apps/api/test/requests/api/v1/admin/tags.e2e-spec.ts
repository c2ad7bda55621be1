import { ChangeSettingsService } from '@nestodon/core';
import { Tag } from '@nestodon/domain';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { staff } from '../../../../support/moderation';
import { links, Person, person, scopedAuth } from '../../../../support/relationships';
import { postStatus } from '../../../../support/statuses';

describe('/api/v1/admin/tags', () => {
  let api: ApiHarness;
  let admin: Person;
  let nobody: Person;
  let tags: Tag[];

  const get = (path: string, who: Person | string = admin) =>
    api.http.get(path).set('Authorization', typeof who === 'string' ? who : who.auth);
  const put = (path: string, body: Record<string, unknown>, who: Person | string = admin) =>
    api.http
      .put(path)
      .set('Authorization', typeof who === 'string' ? who : who.auth)
      .send(body);

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    admin = await staff(api, 'Admin');
    nobody = await staff(api, null);
    const author = await person(api.dataSource);
    await postStatus(api.http, author, { status: '#Café #second #third' });
    tags = await api.dataSource.getRepository(Tag).find({ order: { id: 'ASC' } });
  });
  afterAll(() => api.close());

  it('lists every tag newest first as Admin::Tag, paged by id', async () => {
    const res = await get('/api/v1/admin/tags').expect(200);
    expect(res.body.map((tag: { name: string }) => tag.name)).toEqual(['third', 'second', 'Café']);
    expect(res.body[2]).toEqual({
      id: String(tags[0].id),
      name: 'Café',
      url: expect.stringMatching(/\/tags\/cafe$/),
      history: expect.any(Array),
      following: false,
      featuring: false,
      trendable: false,
      usable: true,
      requires_review: true,
      listable: true,
    });
    expect(res.body[2].history[0]).toMatchObject({ uses: '1', accounts: '1' });
    const page = await get('/api/v1/admin/tags?limit=2').expect(200);
    expect(page.body).toHaveLength(2);
    const next = links(page.headers.link).next;
    expect(next.searchParams.get('max_id')).toBe(page.body[1].id);
    const rest = await get(`${next.pathname}${next.search}`).expect(200);
    expect(rest.body.map((tag: { name: string }) => tag.name)).toEqual(['Café']);
  });

  it('shows and updates a tag (PUT and PATCH), which then counts as reviewed', async () => {
    const id = String(tags[0].id);
    await get(`/api/v1/admin/tags/${id}`).expect(200);
    const updated = await put(`/api/v1/admin/tags/${id}`, {
      display_name: 'CAFÉ',
      trendable: 'true',
      usable: false,
      listable: '0',
    }).expect(200);
    expect(updated.body).toMatchObject({
      id,
      name: 'CAFÉ',
      trendable: true,
      usable: false,
      listable: false,
      requires_review: false,
    });
    const row = await api.dataSource.getRepository(Tag).findOneByOrFail({ id });
    expect(row).toMatchObject({ displayName: 'CAFÉ', trendable: true, usable: false });
    expect(row.reviewedAt).not.toBeNull();
    const patched = await api.http
      .patch(`/api/v1/admin/tags/${id}`)
      .set('Authorization', admin.auth)
      .send({ usable: true })
      .expect(200);
    expect(patched.body).toMatchObject({ usable: true, listable: false, trendable: true });
    // Not reviewed: trendable follows trendable_by_default.
    await api.app.get(ChangeSettingsService).call({ trendableByDefault: true });
    const other = await get(`/api/v1/admin/tags/${tags[1].id}`).expect(200);
    expect(other.body).toMatchObject({ trendable: true, requires_review: true });
    await api.app.get(ChangeSettingsService).call({ trendableByDefault: false });
  });

  it('is 401, 403 wrong scope or without manage_taxonomies, 404, 422', async () => {
    const id = String(tags[1].id);
    await api.http.get('/api/v1/admin/tags').expect(401);
    await api.http.get(`/api/v1/admin/tags/${id}`).expect(401);
    await api.http.put(`/api/v1/admin/tags/${id}`).send({ usable: false }).expect(401);
    const writeOnly = await scopedAuth(api.dataSource, admin, 'admin:write');
    await get('/api/v1/admin/tags', writeOnly).expect(403);
    await get(`/api/v1/admin/tags/${id}`, writeOnly).expect(403);
    const readOnly = await scopedAuth(api.dataSource, admin, 'admin:read');
    await put(`/api/v1/admin/tags/${id}`, { usable: false }, readOnly).expect(403);
    await get('/api/v1/admin/tags', nobody).expect(403);
    await put(`/api/v1/admin/tags/${id}`, { usable: false }, nobody).expect(403);
    await get('/api/v1/admin/tags/999999999').expect(404);
    await get('/api/v1/admin/tags/nope').expect(404);
    await put('/api/v1/admin/tags/999999999', { usable: false }).expect(404);
    await put(`/api/v1/admin/tags/${id}`, { display_name: ['a'] }).expect(422);
    const renamed = await put(`/api/v1/admin/tags/${id}`, { display_name: 'other' }).expect(422);
    expect(renamed.body.error).toMatch(/does not match previous name/);
    await get('/api/v1/admin/tags?max_id=x').expect(422);
    expect((await api.dataSource.getRepository(Tag).findOneByOrFail({ id })).reviewedAt).toBeNull();
  });
});
