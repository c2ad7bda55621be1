import { expectNotFound, itRequiresScopes } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { actor, follow, remote, TimelineActor } from '../../../support/timelines';

describe('/api/v1/lists', () => {
  let api: ApiHarness;
  let alice: TimelineActor;
  let bob: TimelineActor;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await actor(api.dataSource);
    bob = await actor(api.dataSource);
  });
  afterAll(() => api.close());

  const createList = async (who: TimelineActor, body: Record<string, unknown>) =>
    (await api.http.post('/api/v1/lists').set('Authorization', who.auth).send(body).expect(200))
      .body;

  describe('POST /api/v1/lists', () => {
    it('creates a list with defaults', async () => {
      const res = await api.http
        .post('/api/v1/lists')
        .set('Authorization', alice.auth)
        .send({ title: 'Friends' })
        .expect(200);
      expect(res.body).toEqual({
        id: expect.any(String),
        title: 'Friends',
        replies_policy: 'list',
        exclusive: false,
      });
    });

    it('takes replies_policy and exclusive, form-encoded too', async () => {
      const res = await api.http
        .post('/api/v1/lists')
        .set('Authorization', alice.auth)
        .type('form')
        .send('title=News&replies_policy=none&exclusive=true')
        .expect(200);
      expect(res.body).toMatchObject({ title: 'News', replies_policy: 'none', exclusive: true });
    });

    it('answers 422 without a title or with an unknown replies policy', async () => {
      const blank = await api.http
        .post('/api/v1/lists')
        .set('Authorization', alice.auth)
        .send({ title: '  ' })
        .expect(422);
      expect(blank.body.error).toBe("Validation failed: Title can't be blank");
      await api.http
        .post('/api/v1/lists')
        .set('Authorization', alice.auth)
        .send({ title: 'x', replies_policy: 'everyone' })
        .expect(422);
      await api.http
        .post('/api/v1/lists')
        .set('Authorization', alice.auth)
        .send({ title: ['a', 'b'] })
        .expect(422);
    });

    it('allows at most 50 lists per account', async () => {
      const carol = await actor(api.dataSource);
      for (let i = 0; i < 50; i++) {
        await api.dataSource.query(`INSERT INTO lists (account_id, title) VALUES ($1, $2)`, [
          carol.account.id,
          `List ${i}`,
        ]);
      }
      const res = await api.http
        .post('/api/v1/lists')
        .set('Authorization', carol.auth)
        .send({ title: 'One too many' })
        .expect(422);
      expect(res.body.error).toBe(
        'Validation failed: You have reached the maximum number of lists',
      );
    });

    itRequiresScopes(() => api, 'read write:statuses', ['POST /api/v1/lists']);
  });

  describe('GET /api/v1/lists and /api/v1/lists/:id', () => {
    it("lists only the caller's lists, oldest first", async () => {
      const dave = await actor(api.dataSource);
      const first = await createList(dave, { title: 'B' });
      const second = await createList(dave, { title: 'A' });
      await createList(bob, { title: 'Not yours' });
      const res = await api.http.get('/api/v1/lists').set('Authorization', dave.auth).expect(200);
      expect(res.body.map((list: { id: string }) => list.id)).toEqual([first.id, second.id]);
      const one = await api.http
        .get(`/api/v1/lists/${first.id}`)
        .set('Authorization', dave.auth)
        .expect(200);
      expect(one.body).toEqual(first);
    });

    it("answers 404 for another user's list, a missing or malformed id", async () => {
      const bobs = await createList(bob, { title: 'Private' });
      await expectNotFound(api, alice.auth, [
        `GET /api/v1/lists/${bobs.id}`,
        'GET /api/v1/lists/999999',
        'GET /api/v1/lists/abc',
      ]);
    });

    itRequiresScopes(() => api, 'write', ['GET /api/v1/lists', 'GET /api/v1/lists/1']);
  });

  describe('PUT /api/v1/lists/:id', () => {
    it('changes what is given and keeps the rest', async () => {
      const list = await createList(alice, { title: 'Old', replies_policy: 'followed' });
      const res = await api.http
        .put(`/api/v1/lists/${list.id}`)
        .set('Authorization', alice.auth)
        .send({ title: 'New', exclusive: true })
        .expect(200);
      expect(res.body).toEqual({
        id: list.id,
        title: 'New',
        replies_policy: 'followed',
        exclusive: true,
      });
    });

    it('answers 422 and 404', async () => {
      const list = await createList(alice, { title: 'Keep' });
      await api.http
        .put(`/api/v1/lists/${list.id}`)
        .set('Authorization', alice.auth)
        .send({ title: '' })
        .expect(422);
      await api.http
        .put(`/api/v1/lists/${list.id}`)
        .set('Authorization', alice.auth)
        .send({ replies_policy: 'bogus' })
        .expect(422);
      await api.http
        .put(`/api/v1/lists/${list.id}`)
        .set('Authorization', bob.auth)
        .send({ title: 'Mine now' })
        .expect(404);
    });

    itRequiresScopes(() => api, 'read', ['PUT /api/v1/lists/1', 'PATCH /api/v1/lists/1']);
  });

  describe('DELETE /api/v1/lists/:id', () => {
    it('deletes the list', async () => {
      const list = await createList(alice, { title: 'Gone' });
      const res = await api.http
        .delete(`/api/v1/lists/${list.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(res.body).toEqual({});
      await api.http.get(`/api/v1/lists/${list.id}`).set('Authorization', alice.auth).expect(404);
    });

    it("answers 404 for another user's list and keeps it", async () => {
      const list = await createList(alice, { title: 'Stays' });
      await expectNotFound(api, bob.auth, [`DELETE /api/v1/lists/${list.id}`]);
      await api.http.get(`/api/v1/lists/${list.id}`).set('Authorization', alice.auth).expect(200);
    });

    itRequiresScopes(() => api, 'read', ['DELETE /api/v1/lists/1']);
  });

  describe('/api/v1/lists/:id/accounts', () => {
    it('adds followed accounts (and oneself), lists them all, removes them', async () => {
      const owner = await actor(api.dataSource);
      const friends = await Promise.all([1, 2, 3].map(() => actor(api.dataSource)));
      const far = await remote(api.dataSource);
      for (const friend of friends) await follow(api.dataSource, owner.account, friend.account);
      await follow(api.dataSource, owner.account, far);
      const list = await createList(owner, { title: 'Members' });
      await api.http
        .post(`/api/v1/lists/${list.id}/accounts`)
        .set('Authorization', owner.auth)
        .send({ account_ids: [...friends.map((f) => f.account.id), far.id, owner.account.id] })
        .expect(200)
        .expect({});
      const all = await api.http
        .get(`/api/v1/lists/${list.id}/accounts`)
        .set('Authorization', owner.auth)
        .expect(200);
      expect(all.headers.link).toBeUndefined();
      expect(all.body.map((a: { id: string }) => a.id).sort()).toEqual(
        [...friends.map((f) => f.account.id), far.id, owner.account.id].sort(),
      );

      const page = await api.http
        .get(`/api/v1/lists/${list.id}/accounts?limit=2`)
        .set('Authorization', owner.auth)
        .expect(200);
      expect(page.body).toHaveLength(2);
      expect(page.headers.link).toContain('rel="next"');
      const next = /<([^>]+)>; rel="next"/.exec(page.headers.link)![1];
      const second = await api.http
        .get(new URL(next).pathname + new URL(next).search)
        .set('Authorization', owner.auth)
        .expect(200);
      expect(second.body).toHaveLength(2);
      expect(second.body[0].id).not.toBe(page.body[0].id);

      await api.http
        .delete(`/api/v1/lists/${list.id}/accounts`)
        .set('Authorization', owner.auth)
        .send({ account_ids: [friends[0].account.id] })
        .expect(200);
      const after = await api.http
        .get(`/api/v1/lists/${list.id}/accounts?limit=0`)
        .set('Authorization', owner.auth)
        .expect(200);
      expect(after.body.map((a: { id: string }) => a.id)).not.toContain(friends[0].account.id);
      expect(after.body).toHaveLength(4);
    });

    it('refuses accounts that are not followed, duplicates and empty requests (422)', async () => {
      const owner = await actor(api.dataSource);
      const stranger = await actor(api.dataSource);
      const friend = await actor(api.dataSource);
      await follow(api.dataSource, owner.account, friend.account);
      const list = await createList(owner, { title: 'Strict' });
      const res = await api.http
        .post(`/api/v1/lists/${list.id}/accounts`)
        .set('Authorization', owner.auth)
        .send({ account_ids: [stranger.account.id] })
        .expect(422);
      expect(res.body.error).toBe('Validation failed: Account must be followed first');
      await api.http
        .post(`/api/v1/lists/${list.id}/accounts`)
        .set('Authorization', owner.auth)
        .send({ account_ids: [friend.account.id] })
        .expect(200);
      await api.http
        .post(`/api/v1/lists/${list.id}/accounts`)
        .set('Authorization', owner.auth)
        .send({ account_ids: [friend.account.id] })
        .expect(422);
      await api.http
        .post(`/api/v1/lists/${list.id}/accounts`)
        .set('Authorization', owner.auth)
        .send({})
        .expect(422);
      await api.http
        .get(`/api/v1/lists/${list.id}/accounts?limit=abc`)
        .set('Authorization', owner.auth)
        .expect(422);
    });

    it('drops a member when the owner stops following it', async () => {
      const owner = await actor(api.dataSource);
      const friend = await actor(api.dataSource);
      await follow(api.dataSource, owner.account, friend.account);
      const list = await createList(owner, { title: 'Follows' });
      await api.http
        .post(`/api/v1/lists/${list.id}/accounts`)
        .set('Authorization', owner.auth)
        .send({ account_ids: [friend.account.id] })
        .expect(200);
      await api.dataSource.query(`DELETE FROM follows WHERE account_id = $1`, [owner.account.id]);
      const res = await api.http
        .get(`/api/v1/lists/${list.id}/accounts`)
        .set('Authorization', owner.auth)
        .expect(200);
      expect(res.body).toEqual([]);
    });

    it('answers 404 for unknown accounts and foreign lists', async () => {
      const owner = await actor(api.dataSource);
      const list = await createList(owner, { title: 'Guarded' });
      await api.http
        .post(`/api/v1/lists/${list.id}/accounts`)
        .set('Authorization', owner.auth)
        .send({ account_ids: ['987654321'] })
        .expect(404);
      await api.http
        .get(`/api/v1/lists/${list.id}/accounts`)
        .set('Authorization', alice.auth)
        .expect(404);
      await api.http
        .post(`/api/v1/lists/${list.id}/accounts`)
        .set('Authorization', alice.auth)
        .send({ account_ids: [alice.account.id] })
        .expect(404);
    });

    itRequiresScopes(() => api, 'write', ['GET /api/v1/lists/1/accounts']);
    itRequiresScopes(() => api, 'read', [
      'POST /api/v1/lists/1/accounts',
      'DELETE /api/v1/lists/1/accounts',
    ]);
  });

  describe('GET /api/v1/accounts/:id/lists', () => {
    it("lists the caller's lists containing the account", async () => {
      const owner = await actor(api.dataSource);
      const friend = await actor(api.dataSource);
      await follow(api.dataSource, owner.account, friend.account);
      const withFriend = await createList(owner, { title: 'With' });
      await createList(owner, { title: 'Without' });
      await api.http
        .post(`/api/v1/lists/${withFriend.id}/accounts`)
        .set('Authorization', owner.auth)
        .send({ account_ids: [friend.account.id] })
        .expect(200);
      const res = await api.http
        .get(`/api/v1/accounts/${friend.account.id}/lists`)
        .set('Authorization', owner.auth)
        .expect(200);
      expect(res.body).toEqual([withFriend]);
      const others = await api.http
        .get(`/api/v1/accounts/${friend.account.id}/lists`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(others.body).toEqual([]);
    });

    it('answers 404 for a missing account', async () => {
      await expectNotFound(api, alice.auth, ['GET /api/v1/accounts/123456789/lists']);
    });

    itRequiresScopes(() => api, 'write read:accounts', ['GET /api/v1/accounts/1/lists']);
  });
});
