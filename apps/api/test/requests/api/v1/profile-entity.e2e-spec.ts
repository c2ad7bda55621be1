import { createRemoteAccount, insertFollow } from '@nestodon/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { solidImage } from '@nestodon/testing';
import { Actor, createActor, tokenWithScopes } from '../../../support/statuses';

describe('GET and PATCH /api/v1/profile (Mastodon 4.6, issue 15)', () => {
  let api: ApiHarness;
  let mediaRoot: string;

  beforeAll(async () => {
    mediaRoot = await mkdtemp(join(tmpdir(), 'nestodon-media-'));
    api = await startApi({ env: { MEDIA_ROOT: mediaRoot } });
  });
  afterAll(async () => {
    await api.close();
    await rm(mediaRoot, { recursive: true, force: true });
  });

  const show = (auth: string) => api.http.get('/api/v1/profile').set('Authorization', auth);
  const patch = (auth: string) => api.http.patch('/api/v1/profile').set('Authorization', auth);

  it('shows the profile as its owner edits it', async () => {
    const me = await createActor(api.dataSource, {
      displayName: 'Frida',
      note: 'Hello @nobody, see https://frida.example',
    });
    const res = await show(me.auth).expect(200);
    expect(res.body).toEqual({
      id: me.account.id,
      display_name: 'Frida',
      note: 'Hello @nobody, see https://frida.example',
      fields: [],
      avatar: null,
      avatar_static: null,
      avatar_description: '',
      header: null,
      header_static: null,
      header_description: '',
      locked: false,
      bot: false,
      hide_collections: null,
      discoverable: null,
      indexable: false,
      show_media: true,
      show_media_replies: true,
      show_featured: true,
      attribution_domains: [],
    });
    const profileScope = await tokenWithScopes(api.dataSource, me, 'profile');
    await show(profileScope).expect(200);
  });

  it('changes text, tabs, image descriptions, images and attribution domains', async () => {
    const me = await createActor(api.dataSource, {});
    const res = await patch(me.auth)
      .field('display_name', 'New name')
      .field('note', 'raw *note*')
      .field('fields_attributes[0][name]', 'Site')
      .field('fields_attributes[0][value]', 'https://me.example')
      .field('avatar_description', 'A blue square')
      .field('show_media', 'false')
      .field('show_featured', '0')
      .field('attribution_domains[]', 'Blog.Example')
      .field('attribution_domains[]', 'news.example')
      .attach('avatar', await solidImage(40, 40, 'png'), 'a.png')
      .expect(200);
    expect(res.body).toMatchObject({
      display_name: 'New name',
      note: 'raw *note*',
      fields: [{ name: 'Site', value: 'https://me.example', verified_at: null }],
      avatar: expect.stringMatching(/^https:\/\/nestodon\.test\/system\/accounts\/avatars\//),
      avatar_description: 'A blue square',
      header: null,
      show_media: false,
      show_media_replies: true,
      show_featured: false,
      attribution_domains: ['blog.example', 'news.example'],
    });
    // Others see the new tabs on the account.
    const account = await api.http.get(`/api/v1/accounts/${me.account.id}`).expect(200);
    expect(account.body).toMatchObject({ show_media: false, show_featured: false });
    const put = await api.http
      .put('/api/v1/profile')
      .set('Authorization', me.auth)
      .send({ attribution_domains: '' })
      .expect(200);
    expect(put.body.attribution_domains).toEqual([]);
  });

  it('answers 422 for descriptions too long and bad domains', async () => {
    const me = await createActor(api.dataSource, {});
    const long = await patch(me.auth)
      .send({ header_description: 'x'.repeat(151) })
      .expect(422);
    expect(long.body.error).toMatch(/^Validation failed: Header description is too long/);
    const bad = await patch(me.auth)
      .send({ attribution_domains: ['not a domain'] })
      .expect(422);
    expect(bad.body.details).toHaveProperty('attribution_domains');
    const many = await patch(me.auth)
      .send({ attribution_domains: Array.from({ length: 11 }, (_, i) => `d${i}.example`) })
      .expect(422);
    expect(many.body.error).toMatch(/Attribution domains are too many/);
  });

  it('answers 401 without a token and 403 without the scope', async () => {
    await api.http.get('/api/v1/profile').expect(401);
    await api.http.patch('/api/v1/profile').send({}).expect(401);
    const me = await createActor(api.dataSource, {});
    await show(await tokenWithScopes(api.dataSource, me, 'write:accounts')).expect(403);
    await patch(await tokenWithScopes(api.dataSource, me, 'read'))
      .send({})
      .expect(403);
  });
});

describe('GET /api/v1/follow_requests/outgoing and /api/v1/domain_blocks/preview', () => {
  let api: ApiHarness;
  let me: Actor;

  beforeAll(async () => {
    api = await startApi();
    me = await createActor(api.dataSource, { username: 'me' });
  });
  afterAll(() => api.close());

  it('lists the follow requests the caller is waiting on, newest first', async () => {
    const [first, second] = [
      await createActor(api.dataSource, { locked: true }),
      await createActor(api.dataSource, { locked: true }),
    ];
    for (const target of [first, second]) {
      await api.http
        .post(`/api/v1/accounts/${target.account.id}/follow`)
        .set('Authorization', me.auth)
        .expect(200);
    }
    const res = await api.http
      .get('/api/v1/follow_requests/outgoing?limit=1')
      .set('Authorization', me.auth)
      .expect(200);
    expect(res.body.map((account: { id: string }) => account.id)).toEqual([second.account.id]);
    expect(res.headers.link).toMatch(/rel="next"/);
    // Incoming requests are someone else's list.
    const incoming = await api.http
      .get('/api/v1/follow_requests/outgoing')
      .set('Authorization', first.auth)
      .expect(200);
    expect(incoming.body).toEqual([]);
    await api.http.get('/api/v1/follow_requests/outgoing').expect(401);
    const wrong = await tokenWithScopes(api.dataSource, me, 'read:statuses');
    await api.http.get('/api/v1/follow_requests/outgoing').set('Authorization', wrong).expect(403);
  });

  it('counts what blocking a domain would sever', async () => {
    const remote = await createRemoteAccount(api.dataSource, { domain: 'far.example' });
    const other = await createRemoteAccount(api.dataSource, { domain: 'far.example' });
    await insertFollow(api.dataSource, me.account, remote);
    await insertFollow(api.dataSource, remote, me.account);
    await insertFollow(api.dataSource, other, me.account);
    const preview = (domain: string, auth = me.auth) =>
      api.http
        .get(`/api/v1/domain_blocks/preview?domain=${encodeURIComponent(domain)}`)
        .set('Authorization', auth);
    expect((await preview('Far.Example').expect(200)).body).toEqual({
      following_count: 1,
      followers_count: 2,
    });
    expect((await preview('elsewhere.example').expect(200)).body).toEqual({
      following_count: 0,
      followers_count: 0,
    });
    await preview('not a domain').expect(422);
    await api.http.get('/api/v1/domain_blocks/preview').set('Authorization', me.auth).expect(422);
    await api.http.get('/api/v1/domain_blocks/preview?domain=far.example').expect(401);
    await preview('far.example', await tokenWithScopes(api.dataSource, me, 'read')).expect(403);
  });

  it('serves the web app manifest', async () => {
    const res = await api.http.get('/manifest').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      name: 'Nestodon',
      short_name: 'Nestodon',
      display: 'standalone',
      start_url: '/',
    });
  });
});
