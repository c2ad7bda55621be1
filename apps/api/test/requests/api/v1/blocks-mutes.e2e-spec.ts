import { Mute } from '@nestodon/domain';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { links, pathOf, Person, person, scopedAuth } from '../../../support/relationships';

describe('GET /api/v1/blocks and GET /api/v1/mutes', () => {
  let api: ApiHarness;
  let alice: Person;
  const blocked: Person[] = [];
  const muted: Person[] = [];

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await person(api.dataSource);
    for (let i = 0; i < 5; i++) {
      const target = await person(api.dataSource);
      blocked.push(target);
      await api.http
        .post(`/api/v1/accounts/${target.account.id}/block`)
        .set('Authorization', alice.auth)
        .expect(200);
    }
    for (let i = 0; i < 5; i++) {
      const target = await person(api.dataSource);
      muted.push(target);
      await api.http
        .post(`/api/v1/accounts/${target.account.id}/mute`)
        .set('Authorization', alice.auth)
        .send(i === 0 ? { duration: 600 } : {})
        .expect(200);
    }
  });
  afterAll(() => api.close());

  const get = (path: string, auth = alice.auth) => api.http.get(path).set('Authorization', auth);

  describe('blocks', () => {
    it('lists blocked accounts newest first', async () => {
      const res = await get('/api/v1/blocks').expect(200);
      expect(res.body.map((a: { id: string }) => a.id)).toEqual(
        blocked.map((p) => p.account.id).reverse(),
      );
      expect(res.body[0]).toMatchObject({ username: blocked[4].account.username });
    });

    it('pages with a Link header keyed by block ids, next with max_id and prev with min_id', async () => {
      const first = await get('/api/v1/blocks?limit=2').expect(200);
      expect(first.body.map((a: { id: string }) => a.id)).toEqual([
        blocked[4].account.id,
        blocked[3].account.id,
      ]);
      const firstLinks = links(first.headers.link);
      expect(firstLinks.next.origin).toBe('https://nestodon.test');
      expect(firstLinks.next.pathname).toBe('/api/v1/blocks');
      expect(firstLinks.next.searchParams.get('limit')).toBe('2');
      expect(firstLinks.next.searchParams.get('max_id')).toMatch(/^\d+$/);
      expect(firstLinks.prev.searchParams.get('min_id')).toMatch(/^\d+$/);
      // The cursors are block row ids, not account ids.
      expect(firstLinks.next.searchParams.get('max_id')).not.toBe(blocked[3].account.id);

      const second = await get(pathOf(firstLinks.next)).expect(200);
      expect(second.body.map((a: { id: string }) => a.id)).toEqual([
        blocked[2].account.id,
        blocked[1].account.id,
      ]);
      const third = await get(pathOf(links(second.headers.link).next)).expect(200);
      expect(third.body.map((a: { id: string }) => a.id)).toEqual([blocked[0].account.id]);
      expect(links(third.headers.link).next).toBeUndefined();

      // prev of the second page returns to the first.
      const back = await get(pathOf(links(second.headers.link).prev)).expect(200);
      expect(back.body.map((a: { id: string }) => a.id)).toEqual([
        blocked[4].account.id,
        blocked[3].account.id,
      ]);
    });

    it('is 401 without a token, 403 without read:blocks, 422 for a bad cursor', async () => {
      await api.http.get('/api/v1/blocks').expect(401);
      await get('/api/v1/blocks', await scopedAuth(api.dataSource, alice, 'read:mutes')).expect(
        403,
      );
      await get('/api/v1/blocks', await scopedAuth(api.dataSource, alice, 'follow')).expect(200);
      await get('/api/v1/blocks?max_id=abc').expect(422);
      await get('/api/v1/blocks?limit=lots').expect(422);
    });
  });

  describe('mutes', () => {
    it('lists muted accounts newest first with mute_expires_at', async () => {
      const res = await get('/api/v1/mutes').expect(200);
      expect(res.body.map((a: { id: string }) => a.id)).toEqual(
        muted.map((p) => p.account.id).reverse(),
      );
      const timed = res.body.find((a: { id: string }) => a.id === muted[0].account.id);
      expect(new Date(timed.mute_expires_at).getTime()).toBeGreaterThan(Date.now());
      expect(res.body[0].mute_expires_at).toBeNull();
      expect(res.body[0]).toHaveProperty('username');
    });

    it('leaves out mutes that ended', async () => {
      await api.dataSource
        .getRepository(Mute)
        .update(
          { accountId: alice.account.id, targetAccountId: muted[0].account.id },
          { expiresAt: new Date(Date.now() - 1000) },
        );
      const res = await get('/api/v1/mutes').expect(200);
      expect(res.body).toHaveLength(4);
      await api.dataSource
        .getRepository(Mute)
        .update(
          { accountId: alice.account.id, targetAccountId: muted[0].account.id },
          { expiresAt: new Date(Date.now() + 600_000) },
        );
    });

    it('pages with a Link header', async () => {
      const first = await get('/api/v1/mutes?limit=3').expect(200);
      expect(first.body).toHaveLength(3);
      const next = links(first.headers.link).next;
      expect(next.searchParams.get('limit')).toBe('3');
      const second = await get(pathOf(next)).expect(200);
      expect(second.body.map((a: { id: string }) => a.id)).toEqual([
        muted[1].account.id,
        muted[0].account.id,
      ]);
      expect(links(second.headers.link).next).toBeUndefined();
      expect(links(second.headers.link).prev).toBeDefined();
    });

    it('is 401 without a token, 403 without read:mutes, 422 for a bad cursor', async () => {
      await api.http.get('/api/v1/mutes').expect(401);
      await get('/api/v1/mutes', await scopedAuth(api.dataSource, alice, 'read:blocks')).expect(
        403,
      );
      await get('/api/v1/mutes?since_id=x').expect(422);
    });
  });
});
