import { createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import {
  countQueries,
  Person,
  person,
  scopedAuth,
  tokenUseRecorded,
} from '../../../../support/relationships';

describe('GET /api/v1/accounts/relationships and /familiar_followers', () => {
  let api: ApiHarness;
  let alice: Person;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await person(api.dataSource);
  });
  afterAll(() => api.close());

  const get = (path: string, auth = alice.auth) => api.http.get(path).set('Authorization', auth);
  const post = (path: string, auth = alice.auth) => api.http.post(path).set('Authorization', auth);

  describe('relationships', () => {
    it('answers the full Relationship for each id, in order, without duplicates or unknown ids', async () => {
      const bob = await person(api.dataSource);
      const carol = await person(api.dataSource);
      await post(`/api/v1/accounts/${bob.account.id}/follow`)
        .send({ languages: ['en'] })
        .expect(200);
      await post(`/api/v1/accounts/${alice.account.id}/follow`, bob.auth).expect(200);
      await post(`/api/v1/accounts/${bob.account.id}/endorse`).expect(200);
      await post(`/api/v1/accounts/${bob.account.id}/note`)
        .send({ comment: 'old friend' })
        .expect(200);
      await post(`/api/v1/accounts/${carol.account.id}/mute`)
        .send({ notifications: false })
        .expect(200);

      const res = await get(
        `/api/v1/accounts/relationships?id[]=${carol.account.id}&id[]=${bob.account.id}&id[]=${carol.account.id}&id[]=999&id[]=bogus`,
      ).expect(200);
      expect(res.body).toEqual([
        {
          id: carol.account.id,
          following: false,
          showing_reblogs: false,
          notifying: false,
          languages: null,
          followed_by: false,
          blocking: false,
          blocked_by: false,
          muting: true,
          muting_notifications: false,
          muting_expires_at: null,
          requested: false,
          requested_by: false,
          domain_blocking: false,
          endorsed: false,
          note: '',
        },
        {
          id: bob.account.id,
          following: true,
          showing_reblogs: true,
          notifying: false,
          languages: ['en'],
          followed_by: true,
          blocking: false,
          blocked_by: false,
          muting: false,
          muting_notifications: false,
          muting_expires_at: null,
          requested: false,
          requested_by: false,
          domain_blocking: false,
          endorsed: true,
          note: 'old friend',
        },
      ]);
    });

    it('accepts a single id= and leaves out suspended accounts unless with_suspended', async () => {
      const { account: suspended } = await createLocalAccount(api.dataSource, {
        suspendedAt: new Date(),
      });
      expect(
        (await get(`/api/v1/accounts/relationships?id=${suspended.id}`).expect(200)).body,
      ).toEqual([]);
      const res = await get(
        `/api/v1/accounts/relationships?id[]=${suspended.id}&with_suspended=true`,
      ).expect(200);
      expect(res.body.map((r: { id: string }) => r.id)).toEqual([suspended.id]);
      expect((await get('/api/v1/accounts/relationships').expect(200)).body).toEqual([]);
    });

    it('costs the same number of queries for 1 and for 40 accounts', async () => {
      const others: Person[] = [];
      for (let i = 0; i < 40; i++) {
        const other = await person(api.dataSource);
        others.push(other);
        if (i % 3 === 0) await post(`/api/v1/accounts/${other.account.id}/follow`).expect(200);
        if (i % 3 === 1) await post(`/api/v1/accounts/${other.account.id}/block`).expect(200);
      }
      const query = (list: Person[]) =>
        `/api/v1/accounts/relationships?${list.map((p) => `id[]=${p.account.id}`).join('&')}`;
      await get(query(others.slice(0, 1))).expect(200);
      await tokenUseRecorded(api.dataSource, alice.auth);
      const one = await countQueries(api.dataSource, () =>
        get(query(others.slice(0, 1))).expect(200),
      );
      const forty = await countQueries(api.dataSource, async () => {
        const res = await get(query(others)).expect(200);
        expect(res.body).toHaveLength(40);
      });
      expect(forty).toBe(one);
      expect(one).toBeLessThanOrEqual(3); // token, accounts, relationships
    });

    it('is 401 without a token and 403 without read:follows', async () => {
      await api.http.get('/api/v1/accounts/relationships?id[]=1').expect(401);
      const res = await get(
        '/api/v1/accounts/relationships?id[]=1',
        await scopedAuth(api.dataSource, alice, 'read:accounts'),
      ).expect(403);
      expect(res.body).toEqual({ error: 'This action is outside the authorized scopes' });
    });

    it('is 422 for ids that are not strings', async () => {
      const res = await get('/api/v1/accounts/relationships?id[x][y]=1').expect(422);
      expect(res.body.error).toMatch(/^Validation failed: /);
    });
  });

  describe('familiar_followers', () => {
    it('lists the accounts you follow that follow each account', async () => {
      const viewer = await person(api.dataSource);
      const [target, other, friend1, friend2, stranger, hider] = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          person(api.dataSource, i === 5 ? { hideCollections: true } : {}),
        ),
      );
      for (const friend of [friend1, friend2, hider]) {
        await post(`/api/v1/accounts/${friend.account.id}/follow`, viewer.auth).expect(200);
        await post(`/api/v1/accounts/${target.account.id}/follow`, friend.auth).expect(200);
      }
      await post(`/api/v1/accounts/${target.account.id}/follow`, stranger.auth).expect(200);
      await post(`/api/v1/accounts/${other.account.id}/follow`, friend1.auth).expect(200);

      const res = await get(
        `/api/v1/accounts/familiar_followers?id[]=${target.account.id}&id[]=${other.account.id}&id[]=${stranger.account.id}`,
        viewer.auth,
      ).expect(200);
      expect(res.body.map((entry: { id: string }) => entry.id)).toEqual([
        target.account.id,
        other.account.id,
        stranger.account.id,
      ]);
      expect(res.body[0].accounts.map((a: { id: string }) => a.id).sort()).toEqual(
        [friend1.account.id, friend2.account.id].sort(),
      );
      expect(res.body[0].accounts[0]).toHaveProperty('username');
      expect(res.body[1].accounts.map((a: { id: string }) => a.id)).toEqual([friend1.account.id]);
      expect(res.body[2].accounts).toEqual([]);
    });

    it('is 401 without a token, 403 without read:follows, and skips unknown ids', async () => {
      await api.http.get('/api/v1/accounts/familiar_followers?id[]=1').expect(401);
      await get(
        '/api/v1/accounts/familiar_followers?id[]=1',
        await scopedAuth(api.dataSource, alice, 'read:accounts'),
      ).expect(403);
      expect(
        (await get('/api/v1/accounts/familiar_followers?id[]=1&id[]=x').expect(200)).body,
      ).toEqual([]);
    });
  });
});
