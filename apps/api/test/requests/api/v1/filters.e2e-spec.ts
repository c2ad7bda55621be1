import { ApiHarness, startApi } from '../../../support/api-harness';
import { actor, authWith, TimelineActor } from '../../../support/timelines';

describe('/api/v1/filters (deprecated)', () => {
  let api: ApiHarness;
  let alice: TimelineActor;
  let bob: TimelineActor;

  beforeAll(async () => {
    api = await startApi();
    alice = await actor(api.dataSource);
    bob = await actor(api.dataSource);
  });
  afterAll(() => api.close());

  it('creates a one-keyword filter and shows it in v1 and v2', async () => {
    const res = await api.http
      .post('/api/v1/filters')
      .set('Authorization', alice.auth)
      .send({
        phrase: 'politics',
        context: ['home', 'public'],
        irreversible: true,
        whole_word: false,
      })
      .expect(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      phrase: 'politics',
      context: ['home', 'public'],
      whole_word: false,
      expires_at: null,
      irreversible: true,
    });
    const list = await api.http.get('/api/v1/filters').set('Authorization', alice.auth).expect(200);
    expect(list.body).toEqual([res.body]);
    const one = await api.http
      .get(`/api/v1/filters/${res.body.id}`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(one.body).toEqual(res.body);
    const v2 = await api.http.get('/api/v2/filters').set('Authorization', alice.auth).expect(200);
    expect(v2.body).toEqual([
      expect.objectContaining({
        title: 'politics',
        filter_action: 'hide',
        keywords: [{ id: res.body.id, keyword: 'politics', whole_word: false }],
      }),
    ]);
  });

  it('lists one entry per keyword of v2 filters', async () => {
    const carol = await actor(api.dataSource);
    await api.http
      .post('/api/v2/filters')
      .set('Authorization', carol.auth)
      .send({
        title: 'Two',
        context: ['thread'],
        keywords_attributes: [{ keyword: 'a' }, { keyword: 'b' }],
      })
      .expect(200);
    const list = await api.http.get('/api/v1/filters').set('Authorization', carol.auth).expect(200);
    expect(list.body.map((f: { phrase: string }) => f.phrase)).toEqual(['a', 'b']);
    expect(list.body[0]).toMatchObject({
      context: ['thread'],
      irreversible: false,
      whole_word: true,
    });
  });

  it('updates the keyword and the filter settings when it is the only keyword', async () => {
    const created = await api.http
      .post('/api/v1/filters')
      .set('Authorization', alice.auth)
      .send({ phrase: 'old', context: ['home'], expires_in: 600 })
      .expect(200);
    expect(created.body.expires_at).not.toBeNull();
    const res = await api.http
      .put(`/api/v1/filters/${created.body.id}`)
      .set('Authorization', alice.auth)
      .send({ phrase: 'new', context: ['notifications'], irreversible: true, expires_in: '' })
      .expect(200);
    expect(res.body).toMatchObject({
      id: created.body.id,
      phrase: 'new',
      context: ['notifications'],
      irreversible: true,
      expires_at: null,
    });
  });

  it('refuses to change shared settings of a filter with several keywords (422)', async () => {
    const dave = await actor(api.dataSource);
    await api.http
      .post('/api/v2/filters')
      .set('Authorization', dave.auth)
      .send({
        title: 'Shared',
        context: ['home'],
        keywords_attributes: [{ keyword: 'a' }, { keyword: 'b' }],
      })
      .expect(200);
    const [first] = (await api.http.get('/api/v1/filters').set('Authorization', dave.auth)).body;
    await api.http
      .put(`/api/v1/filters/${first.id}`)
      .set('Authorization', dave.auth)
      .send({ context: ['public'] })
      .expect(422);
    const renamed = await api.http
      .put(`/api/v1/filters/${first.id}`)
      .set('Authorization', dave.auth)
      .send({ phrase: 'aa' })
      .expect(200);
    expect(renamed.body.phrase).toBe('aa');
  });

  it('deletes the keyword only', async () => {
    const erin = await actor(api.dataSource);
    const filter = (
      await api.http
        .post('/api/v2/filters')
        .set('Authorization', erin.auth)
        .send({
          title: 'Keep',
          context: ['home'],
          keywords_attributes: [{ keyword: 'a' }, { keyword: 'b' }],
        })
    ).body;
    await api.http
      .delete(`/api/v1/filters/${filter.keywords[0].id}`)
      .set('Authorization', erin.auth)
      .expect(200)
      .expect({});
    const v2 = await api.http
      .get(`/api/v2/filters/${filter.id}`)
      .set('Authorization', erin.auth)
      .expect(200);
    expect(v2.body.keywords.map((k: { keyword: string }) => k.keyword)).toEqual(['b']);
  });

  it('answers 422 for bad input', async () => {
    for (const body of [
      { context: ['home'] },
      { phrase: 'x' },
      { phrase: 'x', context: ['nowhere'] },
      { phrase: 'x', context: ['home'], expires_in: 'later' },
    ]) {
      await api.http
        .post('/api/v1/filters')
        .set('Authorization', alice.auth)
        .send(body)
        .expect(422);
    }
  });

  it('answers 404 for foreign or missing filters, 401 and 403', async () => {
    const bobs = (
      await api.http
        .post('/api/v1/filters')
        .set('Authorization', bob.auth)
        .send({ phrase: 'mine', context: ['home'] })
        .expect(200)
    ).body;
    await api.http.get(`/api/v1/filters/${bobs.id}`).set('Authorization', alice.auth).expect(404);
    await api.http
      .put(`/api/v1/filters/${bobs.id}`)
      .set('Authorization', alice.auth)
      .send({ phrase: 'x' })
      .expect(404);
    await api.http
      .delete(`/api/v1/filters/${bobs.id}`)
      .set('Authorization', alice.auth)
      .expect(404);
    await api.http.get('/api/v1/filters/12345678').set('Authorization', alice.auth).expect(404);
    await api.http.get('/api/v1/filters').expect(401);
    await api.http
      .post('/api/v1/filters')
      .send({ phrase: 'x', context: ['home'] })
      .expect(401);
    const writeOnly = await authWith(api.dataSource, alice, 'write');
    await api.http.get('/api/v1/filters').set('Authorization', writeOnly).expect(403);
    const readOnly = await authWith(api.dataSource, alice, 'read');
    await api.http
      .post('/api/v1/filters')
      .set('Authorization', readOnly)
      .send({ phrase: 'x', context: ['home'] })
      .expect(403);
  });
});
