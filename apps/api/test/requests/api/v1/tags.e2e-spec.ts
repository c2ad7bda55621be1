import { TagHistory } from '@nestodon/core';
import { Tag } from '@nestodon/domain';
import { createLocalAccount, itRequiresScopes } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { links, pathOf, Person, person, scopedAuth } from '../../../support/relationships';

describe('hashtags: tags, followed_tags, featured_tags', () => {
  let api: ApiHarness;
  let alice: Person;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await person(api.dataSource);
  });
  afterAll(() => api.close());

  const post = (path: string, auth = alice.auth) => api.http.post(path).set('Authorization', auth);
  const get = (path: string, auth = alice.auth) => api.http.get(path).set('Authorization', auth);

  describe('GET /api/v1/tags/:name', () => {
    it('shows a tag to anyone, with seven days of history, and the viewer flags when signed in', async () => {
      await post('/api/v1/tags/Caturday/follow').expect(200);
      const tag = await api.dataSource.getRepository(Tag).findOneByOrFail({ name: 'caturday' });
      await api.app.get(TagHistory).record(tag.id, alice.account.id);
      await api.app.get(TagHistory).record(tag.id, alice.account.id);

      const anonymous = await api.http.get('/api/v1/tags/caturday').expect(200);
      expect(anonymous.body).toMatchObject({
        id: tag.id,
        name: 'Caturday',
        url: 'https://nestodon.test/tags/caturday',
      });
      expect(anonymous.body).not.toHaveProperty('following');
      expect(anonymous.body.history).toHaveLength(7);
      expect(anonymous.body.history[0]).toEqual({
        day: String(Math.floor(Date.now() / 86_400_000) * 86_400),
        uses: '2',
        accounts: '1',
      });
      expect(Number(anonymous.body.history[0].day)).toBeGreaterThan(
        Number(anonymous.body.history[1].day),
      );

      const signedIn = await get('/api/v1/tags/CATURDAY').expect(200);
      expect(signedIn.body).toMatchObject({ following: true, featuring: false });
    });

    it('shows a tag nobody used yet without creating it, and 404 for impossible names', async () => {
      const res = await api.http.get('/api/v1/tags/brandnew').expect(200);
      expect(res.body).toMatchObject({ id: '', name: 'brandnew' });
      expect(await api.dataSource.getRepository(Tag).countBy({ name: 'brandnew' })).toBe(0);
      await api.http.get('/api/v1/tags/123').expect(404);
      await api.http.get('/api/v1/tags/no%20spaces').expect(404);
    });
  });

  describe('POST /api/v1/tags/:name/follow and /unfollow', () => {
    it('follows (creating the tag) and unfollows; both idempotent', async () => {
      let res = await post('/api/v1/tags/%23NewTag/follow').expect(200);
      expect(res.body).toMatchObject({ name: 'NewTag', following: true });
      res = await post('/api/v1/tags/newtag/follow').expect(200);
      expect(res.body.following).toBe(true);
      res = await post('/api/v1/tags/newtag/unfollow').expect(200);
      expect(res.body).toMatchObject({ name: 'NewTag', following: false });
      await post('/api/v1/tags/newtag/unfollow').expect(200);
      expect(await api.dataSource.getRepository(Tag).countBy({ name: 'newtag' })).toBe(1);
    });

    it('is 401 without a token, 403 without write:follows, 404 for impossible names', async () => {
      for (const action of ['follow', 'unfollow']) {
        await api.http.post(`/api/v1/tags/cats/${action}`).expect(401);
        await post(
          `/api/v1/tags/cats/${action}`,
          await scopedAuth(api.dataSource, alice, 'write:accounts'),
        ).expect(403);
        await post(`/api/v1/tags/12345/${action}`).expect(404);
      }
    });
  });

  describe('GET /api/v1/followed_tags', () => {
    it('lists followed tags newest first, paged by follow id', async () => {
      const bob = await person(api.dataSource);
      for (const name of ['one', 'two', 'three'])
        await post(`/api/v1/tags/${name}/follow`, bob.auth).expect(200);
      const first = await get('/api/v1/followed_tags?limit=2', bob.auth).expect(200);
      expect(first.body.map((t: { name: string }) => t.name)).toEqual(['three', 'two']);
      expect(first.body[0].following).toBe(true);
      const next = links(first.headers.link).next;
      expect(next.pathname).toBe('/api/v1/followed_tags');
      const second = await get(pathOf(next), bob.auth).expect(200);
      expect(second.body.map((t: { name: string }) => t.name)).toEqual(['one']);
    });

    it('is 401 without a token, 403 without read:follows, 422 for a bad cursor', async () => {
      await api.http.get('/api/v1/followed_tags').expect(401);
      await get(
        '/api/v1/followed_tags',
        await scopedAuth(api.dataSource, alice, 'read:accounts'),
      ).expect(403);
      await get('/api/v1/followed_tags?max_id=a').expect(422);
    });
  });

  describe('/api/v1/featured_tags', () => {
    it('features a tag (idempotent), lists and removes it', async () => {
      const carol = await person(api.dataSource, { username: 'carol' });
      const res = await post('/api/v1/featured_tags', carol.auth)
        .send({ name: '#Photography' })
        .expect(200);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^\d+$/),
        name: 'Photography',
        url: 'https://nestodon.test/@carol/tagged/Photography',
        statuses_count: '0',
        last_status_at: null,
      });
      const again = await post('/api/v1/featured_tags', carol.auth)
        .send({ name: 'photography' })
        .expect(200);
      expect(again.body.id).toBe(res.body.id);
      expect((await get('/api/v1/featured_tags', carol.auth).expect(200)).body).toEqual([res.body]);
      expect(
        (await api.http.get(`/api/v1/accounts/${carol.account.id}/featured_tags`).expect(200)).body,
      ).toEqual([res.body]);
      const tag = await get('/api/v1/tags/photography', carol.auth).expect(200);
      expect(tag.body.featuring).toBe(true);

      await api.http
        .delete(`/api/v1/featured_tags/${res.body.id}`)
        .set('Authorization', carol.auth)
        .expect(200)
        .expect((r) => expect(r.body).toEqual({}));
      expect((await get('/api/v1/featured_tags', carol.auth).expect(200)).body).toEqual([]);
    });

    it('allows ten featured tags', async () => {
      const dave = await person(api.dataSource);
      for (let i = 0; i < 10; i++) {
        await post('/api/v1/featured_tags', dave.auth)
          .send({ name: `tag${i}` })
          .expect(200);
      }
      const res = await post('/api/v1/featured_tags', dave.auth)
        .send({ name: 'eleventh' })
        .expect(422);
      expect(res.body.error).toBe(
        'Validation failed: You have already featured the maximum number of hashtags',
      );
    });

    it('is 422 for a missing or impossible name, 404 for a featured tag that is not yours', async () => {
      await post('/api/v1/featured_tags').send({}).expect(422);
      const res = await post('/api/v1/featured_tags').send({ name: 'not a tag' }).expect(422);
      expect(res.body.error).toBe('Validation failed: Name is invalid');
      const erin = await person(api.dataSource);
      const theirs = await post('/api/v1/featured_tags', erin.auth)
        .send({ name: 'mine' })
        .expect(200);
      await api.http
        .delete(`/api/v1/featured_tags/${theirs.body.id}`)
        .set('Authorization', alice.auth)
        .expect(404);
      await api.http
        .delete('/api/v1/featured_tags/abc')
        .set('Authorization', alice.auth)
        .expect(404);
    });

    itRequiresScopes(() => api, 'read:follows write:follows', [
      'GET /api/v1/featured_tags',
      'POST /api/v1/featured_tags',
      'DELETE /api/v1/featured_tags/1',
      'GET /api/v1/featured_tags/suggestions',
    ]);

    it('suggests nothing to an account without posts', async () => {
      expect((await get('/api/v1/featured_tags/suggestions').expect(200)).body).toEqual([]);
    });

    it('counts public posts with a featured tag, suggests the most used tags and records their use', async () => {
      const poster = await person(api.dataSource);
      const say = (status: string, visibility = 'public') =>
        post('/api/v1/statuses', poster.auth).send({ status, visibility }).expect(200);
      await say('Morning #Coffee and #tea');
      await say('More #coffee');
      await say('Secret #coffee #tea', 'private');
      await say('Just #tea');
      await say('#knitting');
      await post('/api/v1/featured_tags', poster.auth).send({ name: 'knitting' }).expect(200);

      const coffee = await post('/api/v1/featured_tags', poster.auth)
        .send({ name: 'coffee' })
        .expect(200);
      expect(coffee.body).toMatchObject({ name: 'coffee', statuses_count: '2' });
      expect(coffee.body.last_status_at).toBe(new Date().toISOString().slice(0, 10));

      const suggested = await get('/api/v1/featured_tags/suggestions', poster.auth).expect(200);
      // tea: 3 posts (one private, still the account's own use), nothing else unfeatured.
      expect(suggested.body.map((t: { name: string }) => t.name)).toEqual(['tea']);
      expect(suggested.body[0]).toMatchObject({ following: false, featuring: false });

      const tea = await api.http.get('/api/v1/tags/tea').expect(200);
      expect(tea.body.history[0]).toMatchObject({ uses: '2', accounts: '1' }); // public posts only
    });
  });

  describe('POST /api/v1/tags/:name/feature and /unfeature', () => {
    it('features and unfeatures by name', async () => {
      const frank = await person(api.dataSource);
      let res = await post('/api/v1/tags/Gardening/feature', frank.auth).expect(200);
      expect(res.body).toMatchObject({ name: 'Gardening', featuring: true, following: false });
      res = await post('/api/v1/tags/gardening/unfeature', frank.auth).expect(200);
      expect(res.body.featuring).toBe(false);
    });

    it('is 401 without a token, 403 without write:accounts, 404 for impossible names', async () => {
      for (const action of ['feature', 'unfeature']) {
        await api.http.post(`/api/v1/tags/cats/${action}`).expect(401);
        await post(
          `/api/v1/tags/cats/${action}`,
          await scopedAuth(api.dataSource, alice, 'write:follows'),
        ).expect(403);
        await post(`/api/v1/tags/9/${action}`).expect(404);
      }
    });
  });

  describe('GET /api/v1/accounts/:id/featured_tags', () => {
    it('is public, empty for suspended accounts, 404 for unknown ones', async () => {
      const { account: suspended } = await createLocalAccount(api.dataSource, {
        suspendedAt: new Date(),
      });
      expect(
        (await api.http.get(`/api/v1/accounts/${suspended.id}/featured_tags`).expect(200)).body,
      ).toEqual([]);
      await api.http.get('/api/v1/accounts/424242/featured_tags').expect(404);
      await api.http.get('/api/v1/accounts/x/featured_tags').expect(404);
    });
  });
});
