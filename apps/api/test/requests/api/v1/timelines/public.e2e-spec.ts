import { StatusVisibility } from '@nestodon/domain';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import {
  actor,
  authWith,
  insertStatus,
  remote,
  TimelineActor,
} from '../../../../support/timelines';

describe('GET /api/v1/timelines/public and /api/v1/timelines/tag/:hashtag', () => {
  let api: ApiHarness;
  let alice: TimelineActor;
  let viewer: TimelineActor;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    api = await startApi();
    alice = await actor(api.dataSource);
    viewer = await actor(api.dataSource);
    const far = await remote(api.dataSource, { domain: 'far.example' });
    const silenced = await actor(api.dataSource, { silencedAt: new Date() });
    const ds = api.dataSource;
    ids.local = (await insertStatus(ds, alice.account, { text: 'local #cats', tags: ['cats'] })).id;
    ids.remote = (
      await insertStatus(ds, far, { text: 'remote #cats #dogs', tags: ['cats', 'dogs'] })
    ).id;
    ids.dogs = (await insertStatus(ds, alice.account, { text: 'only #dogs', tags: ['dogs'] })).id;
    ids.unlisted = (
      await insertStatus(ds, alice.account, {
        visibility: StatusVisibility.Unlisted,
        tags: ['cats'],
      })
    ).id;
    ids.private = (
      await insertStatus(ds, alice.account, { visibility: StatusVisibility.Private })
    ).id;
    const root = await insertStatus(ds, far, { text: 'root' });
    ids.root = root.id;
    ids.reply = (await insertStatus(ds, alice.account, { inReplyTo: root, text: 'a reply' })).id;
    const ownRoot = await insertStatus(ds, alice.account, { text: 'thread' });
    ids.ownRoot = ownRoot.id;
    ids.selfReply = (
      await insertStatus(ds, alice.account, { inReplyTo: ownRoot, text: 'more' })
    ).id;
    ids.reblog = (await insertStatus(ds, alice.account, { reblogOf: root })).id;
    ids.silenced = (await insertStatus(ds, silenced.account, { text: 'shh' })).id;
    ids.media = (await insertStatus(ds, alice.account, { text: 'picture', tags: ['cats'] })).id;
    await ds.query(
      `UPDATE statuses SET ordered_media_attachment_ids = ARRAY[1::bigint] WHERE id = $1`,
      [ids.media],
    );
    ids.french = (await insertStatus(ds, alice.account, { text: 'bonjour', language: 'fr' })).id;
  });
  afterAll(() => api.close());

  const get = async (path: string, auth?: string) => {
    const req = api.http.get(path);
    if (auth) req.set('Authorization', auth);
    const res = await req.expect(200);
    return res.body.map((status: { id: string }) => status.id) as string[];
  };

  it('shows public originals and self-replies, newest first, to anyone', async () => {
    expect(await get('/api/v1/timelines/public')).toEqual([
      ids.french,
      ids.media,
      ids.selfReply,
      ids.ownRoot,
      ids.root,
      ids.dogs,
      ids.remote,
      ids.local,
    ]);
  });

  it('narrows to local, remote and media statuses', async () => {
    expect(await get('/api/v1/timelines/public?local=true')).toEqual([
      ids.french,
      ids.media,
      ids.selfReply,
      ids.ownRoot,
      ids.dogs,
      ids.local,
    ]);
    expect(await get('/api/v1/timelines/public?remote=true')).toEqual([ids.root, ids.remote]);
    expect(await get('/api/v1/timelines/public?only_media=true')).toEqual([ids.media]);
    expect(await get('/api/v1/timelines/public?local=1&only_media=1')).toEqual([ids.media]);
  });

  it("leaves out what the viewer blocks, mutes or whose domain it blocks, and others' languages", async () => {
    const picky = await actor(api.dataSource, {}, 'read write follow', { chosenLanguages: ['en'] });
    await api.dataSource.query(
      `INSERT INTO account_domain_blocks (account_id, domain) VALUES ($1, 'far.example')`,
      [picky.account.id],
    );
    const list = await get('/api/v1/timelines/public', picky.auth);
    expect(list).not.toContain(ids.root);
    expect(list).not.toContain(ids.remote);
    expect(list).not.toContain(ids.french);
    await api.dataSource.query(
      `INSERT INTO blocks (account_id, target_account_id) VALUES ($1, $2)`,
      [viewer.account.id, alice.account.id],
    );
    expect(await get('/api/v1/timelines/public?local=true', viewer.auth)).toEqual([]);
    await api.dataSource.query(`DELETE FROM blocks WHERE account_id = $1`, [viewer.account.id]);
  });

  it('pages with Link headers keeping the parameters', async () => {
    const res = await api.http.get('/api/v1/timelines/public?local=true&limit=2').expect(200);
    expect(res.body.map((s: { id: string }) => s.id)).toEqual([ids.french, ids.media]);
    expect(res.headers.link).toContain(`local=true`);
    expect(res.headers.link).toContain(`max_id=${ids.media}`);
    expect(await get(`/api/v1/timelines/public?local=true&limit=2&max_id=${ids.media}`)).toEqual([
      ids.selfReply,
      ids.ownRoot,
    ]);
    expect(await get(`/api/v1/timelines/public?local=true&limit=2&min_id=${ids.local}`)).toEqual([
      ids.ownRoot,
      ids.dogs,
    ]);
  });

  it('hashtag timelines: any[], all[], none[], local, remote, only_media', async () => {
    expect(await get('/api/v1/timelines/tag/cats')).toEqual([ids.media, ids.remote, ids.local]);
    expect(await get('/api/v1/timelines/tag/CATS')).toEqual([ids.media, ids.remote, ids.local]);
    expect(await get('/api/v1/timelines/tag/cats?any[]=dogs')).toEqual([
      ids.media,
      ids.dogs,
      ids.remote,
      ids.local,
    ]);
    expect(await get('/api/v1/timelines/tag/cats?all[]=dogs')).toEqual([ids.remote]);
    expect(await get('/api/v1/timelines/tag/cats?none[]=dogs')).toEqual([ids.media, ids.local]);
    expect(await get('/api/v1/timelines/tag/cats?local=true')).toEqual([ids.media, ids.local]);
    expect(await get('/api/v1/timelines/tag/cats?remote=true')).toEqual([ids.remote]);
    expect(await get('/api/v1/timelines/tag/cats?only_media=true')).toEqual([ids.media]);
    expect(await get('/api/v1/timelines/tag/nothing-here')).toEqual([]);
    expect(await get('/api/v1/timelines/tag/cats?all[]=unknown')).toEqual([]);
    const page = await api.http.get('/api/v1/timelines/tag/cats?limit=1').expect(200);
    expect(page.headers.link).toContain(`max_id=${ids.media}`);
  });

  it('requires a signed-in user when the preview is off (401)', async () => {
    const closed = await startApi({ env: { TIMELINE_PREVIEW: 'false' } });
    try {
      await closed.http.get('/api/v1/timelines/public').expect(401);
      await closed.http.get('/api/v1/timelines/tag/cats').expect(401);
      const member = await actor(closed.dataSource);
      await closed.http
        .get('/api/v1/timelines/public')
        .set('Authorization', member.auth)
        .expect(200);
      const instance = await closed.http.get('/api/v2/instance').expect(200);
      expect(instance.body.configuration.timelines_access.live_feeds.local).toBe('authenticated');
    } finally {
      await closed.close();
    }
  });

  it('answers 403 for a token without read:statuses and 422 for bad input', async () => {
    const writeOnly = await authWith(api.dataSource, viewer, 'write');
    await api.http.get('/api/v1/timelines/public').set('Authorization', writeOnly).expect(403);
    await api.http.get('/api/v1/timelines/tag/cats').set('Authorization', writeOnly).expect(403);
    await api.http.get('/api/v1/timelines/public?max_id=abc').expect(422);
    await api.http.get('/api/v1/timelines/public?limit=lots').expect(422);
    await api.http.get(`/api/v1/timelines/tag/cats?any[]=${'x'.repeat(300)}`).expect(422);
    await api.http.get(`/api/v1/timelines/tag/${'x'.repeat(300)}`).expect(422);
    await api.http
      .get(
        `/api/v1/timelines/tag/cats?${Array.from({ length: 9 }, (_, i) => `any[]=t${i}`).join('&')}`,
      )
      .expect(422);
  });
});
