import { Follow, FollowRequest } from '@nestodon/domain';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { links, pathOf, Person, person, scopedAuth } from '../../../support/relationships';

describe('/api/v1/follow_requests', () => {
  let api: ApiHarness;
  let owner: Person;
  const requesters: Person[] = [];

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    owner = await person(api.dataSource, { locked: true });
    for (let i = 0; i < 5; i++) {
      const requester = await person(api.dataSource);
      requesters.push(requester);
      await api.http
        .post(`/api/v1/accounts/${owner.account.id}/follow`)
        .set('Authorization', requester.auth)
        .send(i === 0 ? { reblogs: false, languages: ['en'] } : {})
        .expect(200);
    }
  });
  afterAll(() => api.close());

  const get = (path: string, auth = owner.auth) => api.http.get(path).set('Authorization', auth);
  const post = (path: string, auth = owner.auth) => api.http.post(path).set('Authorization', auth);

  it('lists requesters newest first, paged with a Link header of request ids', async () => {
    const all = await get('/api/v1/follow_requests').expect(200);
    expect(all.body.map((a: { id: string }) => a.id)).toEqual(
      requesters.map((r) => r.account.id).reverse(),
    );
    const first = await get('/api/v1/follow_requests?limit=2').expect(200);
    expect(first.body).toHaveLength(2);
    const next = links(first.headers.link).next;
    expect(next.pathname).toBe('/api/v1/follow_requests');
    expect(next.searchParams.get('limit')).toBe('2');
    const second = await get(pathOf(next)).expect(200);
    expect(second.body.map((a: { id: string }) => a.id)).toEqual([
      requesters[2].account.id,
      requesters[1].account.id,
    ]);
    const prev = await get(pathOf(links(second.headers.link).prev)).expect(200);
    expect(prev.body.map((a: { id: string }) => a.id)).toEqual(
      first.body.map((a: { id: string }) => a.id),
    );
  });

  it('shows the pending count on verify_credentials', async () => {
    const res = await get('/api/v1/accounts/verify_credentials').expect(200);
    expect(res.body.source.follow_requests_count).toBe(5);
  });

  it('authorizes a request into a follow with its options', async () => {
    const requester = requesters[0];
    const res = await post(`/api/v1/follow_requests/${requester.account.id}/authorize`).expect(200);
    expect(res.body).toMatchObject({
      id: requester.account.id,
      followed_by: true,
      requested_by: false,
    });
    expect(
      await api.dataSource
        .getRepository(Follow)
        .findOneBy({ accountId: requester.account.id, targetAccountId: owner.account.id }),
    ).toMatchObject({ showReblogs: false, languages: ['en'] });
    const seen = await api.http
      .get(`/api/v1/accounts/relationships?id[]=${owner.account.id}`)
      .set('Authorization', requester.auth)
      .expect(200);
    expect(seen.body[0]).toMatchObject({
      following: true,
      requested: false,
      showing_reblogs: false,
    });
    // Nothing left to authorize.
    await post(`/api/v1/follow_requests/${requester.account.id}/authorize`).expect(404);
  });

  it('rejects a request', async () => {
    const requester = requesters[1];
    const res = await post(`/api/v1/follow_requests/${requester.account.id}/reject`).expect(200);
    expect(res.body).toMatchObject({ followed_by: false, requested_by: false });
    expect(
      await api.dataSource
        .getRepository(FollowRequest)
        .countBy({ accountId: requester.account.id }),
    ).toBe(0);
    await post(`/api/v1/follow_requests/${requester.account.id}/reject`).expect(404);
  });

  it('is 404 for unknown or malformed requesters', async () => {
    await post('/api/v1/follow_requests/123456/authorize').expect(404);
    await post('/api/v1/follow_requests/nope/reject').expect(404);
  });

  it('is 401 without a token, 403 without the follows scopes, 422 for bad paging', async () => {
    await api.http.get('/api/v1/follow_requests').expect(401);
    await api.http
      .post(`/api/v1/follow_requests/${requesters[2].account.id}/authorize`)
      .expect(401);
    const readAccounts = await scopedAuth(api.dataSource, owner, 'read:accounts write:accounts');
    await get('/api/v1/follow_requests', readAccounts).expect(403);
    await post(
      `/api/v1/follow_requests/${requesters[2].account.id}/authorize`,
      readAccounts,
    ).expect(403);
    await post(`/api/v1/follow_requests/${requesters[2].account.id}/reject`, readAccounts).expect(
      403,
    );
    await get('/api/v1/follow_requests?min_id=1.5').expect(422);
  });

  it('accepts the remaining requests when the account unlocks, except from silenced requesters', async () => {
    const silenced = requesters[4];
    await api.dataSource.query(`UPDATE accounts SET silenced_at = now() WHERE id = $1`, [
      silenced.account.id,
    ]);
    await api.http
      .patch('/api/v1/accounts/update_credentials')
      .set('Authorization', owner.auth)
      .send({ locked: false })
      .expect(200);
    const remaining = await get('/api/v1/follow_requests').expect(200);
    expect(remaining.body.map((a: { id: string }) => a.id)).toEqual([silenced.account.id]);
    expect(
      await api.dataSource
        .getRepository(Follow)
        .countBy({ accountId: requesters[3].account.id, targetAccountId: owner.account.id }),
    ).toBe(1);
  });
});
