import { ApiHarness, startApi } from '../../../../support/api-harness';
import {
  countQueries,
  links,
  pathOf,
  Person,
  person,
  scopedAuth,
  tokenUseRecorded,
} from '../../../../support/relationships';

describe('GET /api/v1/accounts/:id/followers and /following', () => {
  let api: ApiHarness;
  let owner: Person;
  const fans: Person[] = [];

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    owner = await person(api.dataSource);
    for (let i = 0; i < 5; i++) {
      const fan = await person(api.dataSource);
      fans.push(fan);
      await follow(fan, owner);
      await follow(owner, fan);
    }
  });
  afterAll(() => api.close());

  async function follow(from: Person, to: Person) {
    await api.http
      .post(`/api/v1/accounts/${to.account.id}/follow`)
      .set('Authorization', from.auth)
      .expect(200);
  }
  const ids = (body: Array<{ id: string }>) => body.map((a) => a.id);
  const newestFirst = () => fans.map((f) => f.account.id).reverse();

  for (const direction of ['followers', 'following'] as const) {
    describe(direction, () => {
      const path = () => `/api/v1/accounts/${owner.account.id}/${direction}`;

      it('is public, newest first', async () => {
        const res = await api.http.get(path()).expect(200);
        expect(ids(res.body)).toEqual(newestFirst());
        expect(res.body[0]).toHaveProperty('acct');
      });

      it('pages with a Link header keyed by follow ids', async () => {
        const first = await api.http.get(`${path()}?limit=2`).expect(200);
        expect(ids(first.body)).toEqual(newestFirst().slice(0, 2));
        const next = links(first.headers.link).next;
        expect(next.pathname).toBe(path());
        expect(next.searchParams.get('limit')).toBe('2');
        const second = await api.http.get(pathOf(next)).expect(200);
        expect(ids(second.body)).toEqual(newestFirst().slice(2, 4));
        const third = await api.http.get(pathOf(links(second.headers.link).next)).expect(200);
        expect(ids(third.body)).toEqual(newestFirst().slice(4));
        expect(links(third.headers.link).next).toBeUndefined();
        const back = await api.http.get(pathOf(links(third.headers.link).prev)).expect(200);
        expect(ids(back.body)).toEqual(newestFirst().slice(2, 4));
      });

      it('leaves out accounts the viewer blocks, mutes or is blocked by', async () => {
        const viewer = await person(api.dataSource);
        await api.http
          .post(`/api/v1/accounts/${fans[0].account.id}/block`)
          .set('Authorization', viewer.auth)
          .expect(200);
        await api.http
          .post(`/api/v1/accounts/${fans[1].account.id}/mute`)
          .set('Authorization', viewer.auth)
          .expect(200);
        await api.http
          .post(`/api/v1/accounts/${viewer.account.id}/block`)
          .set('Authorization', fans[2].auth)
          .expect(200);
        const res = await api.http.get(path()).set('Authorization', viewer.auth).expect(200);
        expect(ids(res.body)).toEqual([fans[4].account.id, fans[3].account.id]);
      });

      it('is empty for others when the owner hides its network or blocks them, full for the owner', async () => {
        const hider = await person(api.dataSource, { hideCollections: true });
        const fan = await person(api.dataSource);
        await follow(fan, hider);
        await follow(hider, fan);
        const hiderPath = `/api/v1/accounts/${hider.account.id}/${direction}`;
        expect((await api.http.get(hiderPath).expect(200)).body).toEqual([]);
        expect(
          (await api.http.get(hiderPath).set('Authorization', fan.auth).expect(200)).body,
        ).toEqual([]);
        expect(
          ids((await api.http.get(hiderPath).set('Authorization', hider.auth).expect(200)).body),
        ).toEqual([fan.account.id]);

        const blocked = await person(api.dataSource);
        await api.http
          .post(`/api/v1/accounts/${blocked.account.id}/block`)
          .set('Authorization', owner.auth)
          .expect(200);
        expect(
          (await api.http.get(path()).set('Authorization', blocked.auth).expect(200)).body,
        ).toEqual([]);
      });

      it('is 404 for unknown or malformed accounts, 422 for bad paging', async () => {
        await api.http.get(`/api/v1/accounts/12345/${direction}`).expect(404);
        await api.http.get(`/api/v1/accounts/abc/${direction}`).expect(404);
        await api.http.get(`${path()}?max_id=zz`).expect(422);
      });

      it('is 401 for a bad token and 403 for a token without read:accounts', async () => {
        await api.http.get(path()).set('Authorization', 'Bearer nonsense').expect(401);
        await api.http
          .get(path())
          .set('Authorization', await scopedAuth(api.dataSource, owner, 'write'))
          .expect(403);
      });
    });
  }

  it('costs the same number of queries for a page of 1 and a page of 40', async () => {
    const star = await person(api.dataSource);
    const viewer = await person(api.dataSource);
    for (let i = 0; i < 40; i++) {
      const fan = await person(api.dataSource, i % 2 ? { movedToAccountId: owner.account.id } : {});
      await follow(fan, star);
    }
    const page = (limit: number) =>
      api.http
        .get(`/api/v1/accounts/${star.account.id}/followers?limit=${limit}`)
        .set('Authorization', viewer.auth)
        .expect(200);
    await page(1);
    await tokenUseRecorded(api.dataSource, viewer.auth);
    const one = await countQueries(api.dataSource, () => page(1));
    const forty = await countQueries(api.dataSource, async () => {
      const res = await page(40);
      expect(res.body).toHaveLength(40);
    });
    expect(forty).toBe(one);
  });
});
