import { ApiHarness, startApi } from '../support/api-harness';
import { actor, authWith, TimelineActor } from '../support/timelines';

/**
 * Rails routes every `update` to PUT and PATCH, and clients use either; the route census proves
 * both are mapped, these prove the second verb behaves as the first (same checks, same effect).
 */
describe('update routes answer PUT and PATCH alike', () => {
  let api: ApiHarness;
  let alice: TimelineActor;
  let bob: TimelineActor;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await actor(api.dataSource);
    bob = await actor(api.dataSource);
  });
  afterAll(() => api.close());

  const post = async (path: string, body: Record<string, unknown>) =>
    (await api.http.post(path).set('Authorization', alice.auth).send(body).expect(200)).body;

  it('PUT /api/v2/notifications/policy, with its 401, 403 and 422', async () => {
    const res = await api.http
      .put('/api/v2/notifications/policy')
      .set('Authorization', alice.auth)
      .send({ for_not_following: 'filter', for_new_accounts: 'drop' })
      .expect(200);
    expect(res.body).toMatchObject({ for_not_following: 'filter', for_new_accounts: 'drop' });
    const shown = await api.http
      .get('/api/v2/notifications/policy')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(shown.body).toMatchObject({ for_not_following: 'filter', for_new_accounts: 'drop' });

    await api.http.put('/api/v2/notifications/policy').send({}).expect(401);
    const readOnly = await authWith(api.dataSource, alice, 'read');
    await api.http
      .put('/api/v2/notifications/policy')
      .set('Authorization', readOnly)
      .send({})
      .expect(403);
    await api.http
      .put('/api/v2/notifications/policy')
      .set('Authorization', alice.auth)
      .send({ for_not_following: 'maybe' })
      .expect(422);
  });

  it('PUT /api/v1/notifications/policy', async () => {
    const res = await api.http
      .put('/api/v1/notifications/policy')
      .set('Authorization', bob.auth)
      .send({ filter_private_mentions: false })
      .expect(200);
    expect(res.body.filter_private_mentions).toBe(false);
  });

  it('PATCH /api/v1/lists/:id, with its 401, 403, 404 and 422', async () => {
    const list = await post('/api/v1/lists', { title: 'Old' });
    const res = await api.http
      .patch(`/api/v1/lists/${list.id}`)
      .set('Authorization', alice.auth)
      .send({ title: 'New' })
      .expect(200);
    expect(res.body).toMatchObject({ id: list.id, title: 'New' });

    await api.http.patch(`/api/v1/lists/${list.id}`).send({ title: 'x' }).expect(401);
    const readOnly = await authWith(api.dataSource, alice, 'read');
    await api.http
      .patch(`/api/v1/lists/${list.id}`)
      .set('Authorization', readOnly)
      .send({ title: 'x' })
      .expect(403);
    await api.http
      .patch(`/api/v1/lists/${list.id}`)
      .set('Authorization', bob.auth)
      .send({ title: 'x' })
      .expect(404);
    await api.http
      .patch(`/api/v1/lists/${list.id}`)
      .set('Authorization', alice.auth)
      .send({ title: '' })
      .expect(422);
  });

  it('PATCH /api/v1/filters/:id', async () => {
    const filter = await post('/api/v1/filters', { phrase: 'spoilers', context: ['home'] });
    const res = await api.http
      .patch(`/api/v1/filters/${filter.id}`)
      .set('Authorization', alice.auth)
      .send({ phrase: 'leaks', context: ['home'] })
      .expect(200);
    expect(res.body).toMatchObject({ id: filter.id, phrase: 'leaks' });
  });

  it('PATCH /api/v2/filters/:id and /api/v2/filters/keywords/:id', async () => {
    const filter = await post('/api/v2/filters', {
      title: 'Sports',
      context: ['home'],
      keywords_attributes: [{ keyword: 'football' }],
    });
    const renamed = await api.http
      .patch(`/api/v2/filters/${filter.id}`)
      .set('Authorization', alice.auth)
      .send({ title: 'Games' })
      .expect(200);
    expect(renamed.body).toMatchObject({ id: filter.id, title: 'Games' });
    const keyword = await api.http
      .patch(`/api/v2/filters/keywords/${filter.keywords[0].id}`)
      .set('Authorization', alice.auth)
      .send({ keyword: 'chess' })
      .expect(200);
    expect(keyword.body).toMatchObject({ id: filter.keywords[0].id, keyword: 'chess' });
  });

  it('PATCH /api/v1/statuses/:id', async () => {
    const status = await post('/api/v1/statuses', { status: 'first draft' });
    const res = await api.http
      .patch(`/api/v1/statuses/${status.id}`)
      .set('Authorization', alice.auth)
      .send({ status: 'second draft' })
      .expect(200);
    expect(res.body).toMatchObject({ id: status.id, content: '<p>second draft</p>' });
  });

  it('PATCH /api/v1/scheduled_statuses/:id', async () => {
    const inADay = (hours: number) => new Date(Date.now() + hours * 3600_000).toISOString();
    const scheduled = await post('/api/v1/statuses', { status: 'later', scheduled_at: inADay(24) });
    const when = inADay(48);
    const res = await api.http
      .patch(`/api/v1/scheduled_statuses/${scheduled.id}`)
      .set('Authorization', alice.auth)
      .send({ scheduled_at: when })
      .expect(200);
    expect(new Date(res.body.scheduled_at).getTime()).toBe(new Date(when).getTime());
  });
});
