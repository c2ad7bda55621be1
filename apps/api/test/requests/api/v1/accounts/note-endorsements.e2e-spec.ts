import { createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { links, pathOf, Person, person, scopedAuth } from '../../../../support/relationships';

describe('notes and endorsements', () => {
  let api: ApiHarness;
  let alice: Person;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await person(api.dataSource);
  });
  afterAll(() => api.close());

  const post = (path: string, auth = alice.auth) => api.http.post(path).set('Authorization', auth);
  const get = (path: string, auth = alice.auth) => api.http.get(path).set('Authorization', auth);

  describe('POST /api/v1/accounts/:id/note', () => {
    it('sets, replaces and clears the private note', async () => {
      const bob = await person(api.dataSource);
      let res = await post(`/api/v1/accounts/${bob.account.id}/note`)
        .send({ comment: 'Met at the meetup' })
        .expect(200);
      expect(res.body).toMatchObject({ id: bob.account.id, note: 'Met at the meetup' });
      res = await post(`/api/v1/accounts/${bob.account.id}/note`)
        .type('form')
        .send('comment=Owes me a coffee')
        .expect(200);
      expect(res.body.note).toBe('Owes me a coffee');
      // Only its author sees it.
      const theirs = await get(`/api/v1/accounts/relationships?id[]=${alice.account.id}`, bob.auth);
      expect(theirs.body[0].note).toBe('');
      res = await post(`/api/v1/accounts/${bob.account.id}/note`).send({ comment: '' }).expect(200);
      expect(res.body.note).toBe('');
    });

    it('is 422 beyond 2000 characters or for a non-string comment', async () => {
      const bob = await person(api.dataSource);
      await post(`/api/v1/accounts/${bob.account.id}/note`)
        .send({ comment: 'x'.repeat(2000) })
        .expect(200);
      const res = await post(`/api/v1/accounts/${bob.account.id}/note`)
        .send({ comment: 'x'.repeat(2001) })
        .expect(422);
      expect(res.body.error).toBe(
        'Validation failed: Comment is too long (maximum is 2000 characters)',
      );
      await post(`/api/v1/accounts/${bob.account.id}/note`)
        .send({ comment: ['a'] })
        .expect(422);
    });

    it('is 401 without a token, 403 without write:accounts, 404 for unknown or hidden accounts', async () => {
      const bob = await person(api.dataSource);
      const { account: pending } = await createLocalAccount(
        api.dataSource,
        {},
        { approved: false },
      );
      await api.http.post(`/api/v1/accounts/${bob.account.id}/note`).expect(401);
      await post(
        `/api/v1/accounts/${bob.account.id}/note`,
        await scopedAuth(api.dataSource, alice, 'write:follows'),
      ).expect(403);
      await post(`/api/v1/accounts/${pending.id}/note`).send({ comment: 'x' }).expect(404);
      await post('/api/v1/accounts/7/note').send({ comment: 'x' }).expect(404);
    });
  });

  describe('endorse / unendorse (pin / unpin)', () => {
    it('endorses only followed accounts; pin and unpin are aliases', async () => {
      const bob = await person(api.dataSource);
      const res = await post(`/api/v1/accounts/${bob.account.id}/endorse`).expect(422);
      expect(res.body.error).toBe(
        'Validation failed: You must be already following the person you want to endorse',
      );
      await post(`/api/v1/accounts/${bob.account.id}/follow`).expect(200);
      expect((await post(`/api/v1/accounts/${bob.account.id}/pin`).expect(200)).body).toMatchObject(
        {
          id: bob.account.id,
          endorsed: true,
        },
      );
      expect(
        (await post(`/api/v1/accounts/${bob.account.id}/endorse`).expect(200)).body.endorsed,
      ).toBe(true);
      expect(
        (await post(`/api/v1/accounts/${bob.account.id}/unpin`).expect(200)).body.endorsed,
      ).toBe(false);
      await post(`/api/v1/accounts/${bob.account.id}/endorse`).expect(200);
      expect(
        (await post(`/api/v1/accounts/${bob.account.id}/unendorse`).expect(200)).body.endorsed,
      ).toBe(false);
    });

    it('unfollowing removes the endorsement', async () => {
      const bob = await person(api.dataSource);
      await post(`/api/v1/accounts/${bob.account.id}/follow`).expect(200);
      await post(`/api/v1/accounts/${bob.account.id}/endorse`).expect(200);
      const res = await post(`/api/v1/accounts/${bob.account.id}/unfollow`).expect(200);
      expect(res.body.endorsed).toBe(false);
    });

    it('is 401 without a token, 403 without write:accounts, 404 for unknown accounts', async () => {
      for (const action of ['endorse', 'unendorse', 'pin', 'unpin']) {
        await api.http.post(`/api/v1/accounts/${alice.account.id}/${action}`).expect(401);
        await post(
          `/api/v1/accounts/${alice.account.id}/${action}`,
          await scopedAuth(api.dataSource, alice, 'follow'),
        ).expect(403);
        await post(`/api/v1/accounts/55555/${action}`).expect(404);
      }
    });
  });

  describe('GET /api/v1/endorsements and /api/v1/accounts/:id/endorsements', () => {
    let curator: Person;
    const endorsed: Person[] = [];

    beforeAll(async () => {
      curator = await person(api.dataSource);
      for (let i = 0; i < 3; i++) {
        const star = await person(api.dataSource);
        endorsed.push(star);
        await post(`/api/v1/accounts/${star.account.id}/follow`, curator.auth).expect(200);
        await post(`/api/v1/accounts/${star.account.id}/endorse`, curator.auth).expect(200);
      }
    });

    it('lists your endorsements newest first, paged by endorsement id', async () => {
      const first = await get('/api/v1/endorsements?limit=2', curator.auth).expect(200);
      expect(first.body.map((a: { id: string }) => a.id)).toEqual([
        endorsed[2].account.id,
        endorsed[1].account.id,
      ]);
      const next = links(first.headers.link).next;
      expect(next.pathname).toBe('/api/v1/endorsements');
      const second = await get(pathOf(next), curator.auth).expect(200);
      expect(second.body.map((a: { id: string }) => a.id)).toEqual([endorsed[0].account.id]);
    });

    it("shows anyone an account's endorsements", async () => {
      const res = await api.http
        .get(`/api/v1/accounts/${curator.account.id}/endorsements`)
        .expect(200);
      expect(res.body.map((a: { id: string }) => a.id)).toEqual(
        endorsed.map((p) => p.account.id).reverse(),
      );
      const paged = await api.http
        .get(`/api/v1/accounts/${curator.account.id}/endorsements?limit=1`)
        .expect(200);
      expect(links(paged.headers.link).next.searchParams.get('limit')).toBe('1');
    });

    it('is 401 without a token and 403 without read:accounts (own list)', async () => {
      await api.http.get('/api/v1/endorsements').expect(401);
      await get(
        '/api/v1/endorsements',
        await scopedAuth(api.dataSource, curator, 'read:follows'),
      ).expect(403);
    });

    it("answers 403 for a token without read:accounts, 404 and 422 on an account's list", async () => {
      await get(
        `/api/v1/accounts/${curator.account.id}/endorsements`,
        await scopedAuth(api.dataSource, curator, 'write'),
      ).expect(403);
      await api.http.get('/api/v1/accounts/31337/endorsements').expect(404);
      await api.http
        .get(`/api/v1/accounts/${curator.account.id}/endorsements?max_id=-1`)
        .expect(422);
      await get('/api/v1/endorsements?limit=x', curator.auth).expect(422);
    });
  });
});
