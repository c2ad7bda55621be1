import { AccountStatsRepository, Follow, FollowRequest } from '@nestodon/domain';
import { createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Person, person, scopedAuth } from '../../../../support/relationships';

describe('POST /api/v1/accounts/:id/follow, /unfollow, /remove_from_followers', () => {
  let api: ApiHarness;
  let alice: Person;
  let readOnly: string;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await person(api.dataSource);
    readOnly = await scopedAuth(api.dataSource, alice, 'read write:accounts');
  });
  afterAll(() => api.close());

  const followers = async (id: string) =>
    (await new AccountStatsRepository(api.dataSource).forAccounts([id])).get(id)?.followersCount ??
    0;

  describe('follow', () => {
    it('follows an unlocked account and answers the Relationship', async () => {
      const bob = await person(api.dataSource);
      const res = await api.http
        .post(`/api/v1/accounts/${bob.account.id}/follow`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(res.body).toMatchObject({
        id: bob.account.id,
        following: true,
        showing_reblogs: true,
        notifying: false,
        languages: null,
        requested: false,
        followed_by: false,
        note: '',
      });
      expect(await followers(bob.account.id)).toBe(1);
    });

    it('takes reblogs, notify and languages as JSON or form, and following again updates them', async () => {
      const bob = await person(api.dataSource);
      await api.http
        .post(`/api/v1/accounts/${bob.account.id}/follow`)
        .set('Authorization', alice.auth)
        .send({ reblogs: false, notify: true, languages: ['en', 'de'] })
        .expect(200)
        .expect((res) =>
          expect(res.body).toMatchObject({
            following: true,
            showing_reblogs: false,
            notifying: true,
            languages: ['en', 'de'],
          }),
        );
      const res = await api.http
        .post(`/api/v1/accounts/${bob.account.id}/follow`)
        .set('Authorization', alice.auth)
        .type('form')
        .send('reblogs=1&languages[]=fr')
        .expect(200);
      expect(res.body).toMatchObject({ showing_reblogs: true, notifying: true, languages: ['fr'] });
      expect(await followers(bob.account.id)).toBe(1);
    });

    it('asks a locked account: requested, not following', async () => {
      const locked = await person(api.dataSource, { locked: true });
      const res = await api.http
        .post(`/api/v1/accounts/${locked.account.id}/follow`)
        .set('Authorization', alice.auth)
        .send({ notify: true })
        .expect(200);
      expect(res.body).toMatchObject({ following: false, requested: true, notifying: true });
      expect(
        await api.dataSource
          .getRepository(FollowRequest)
          .countBy({ accountId: alice.account.id, targetAccountId: locked.account.id }),
      ).toBe(1);
    });

    it('is 403 across a block, either way', async () => {
      const blocker = await person(api.dataSource);
      await api.http
        .post(`/api/v1/accounts/${alice.account.id}/block`)
        .set('Authorization', blocker.auth)
        .expect(200);
      const res = await api.http
        .post(`/api/v1/accounts/${blocker.account.id}/follow`)
        .set('Authorization', alice.auth)
        .expect(403);
      expect(res.body).toEqual({ error: 'This action is not allowed' });
      await api.http
        .post(`/api/v1/accounts/${alice.account.id}/follow`)
        .set('Authorization', blocker.auth)
        .expect(403);
    });

    it('is 404 for unknown, malformed, unconfirmed, suspended accounts and yourself', async () => {
      const { account: unconfirmed } = await createLocalAccount(
        api.dataSource,
        {},
        { confirmedAt: null },
      );
      const { account: suspended } = await createLocalAccount(api.dataSource, {
        suspendedAt: new Date(),
      });
      for (const id of [
        '1',
        'abc',
        '99999999999999999999',
        unconfirmed.id,
        suspended.id,
        alice.account.id,
      ]) {
        const res = await api.http
          .post(`/api/v1/accounts/${id}/follow`)
          .set('Authorization', alice.auth)
          .expect(404);
        expect(res.body).toEqual({ error: 'Record not found' });
      }
    });

    it('is 422 for bad options', async () => {
      const bob = await person(api.dataSource);
      const res = await api.http
        .post(`/api/v1/accounts/${bob.account.id}/follow`)
        .set('Authorization', alice.auth)
        .send({ languages: ['english'] })
        .expect(422);
      expect(res.body.error).toMatch(/^Validation failed: /);
      await api.http
        .post(`/api/v1/accounts/${bob.account.id}/follow`)
        .set('Authorization', alice.auth)
        .send({ languages: [{ code: 'en' }] })
        .expect(422);
      expect(await followers(bob.account.id)).toBe(0);
    });

    it('is 401 without a token and 403 without write:follows', async () => {
      const bob = await person(api.dataSource);
      await api.http.post(`/api/v1/accounts/${bob.account.id}/follow`).expect(401);
      const res = await api.http
        .post(`/api/v1/accounts/${bob.account.id}/follow`)
        .set('Authorization', readOnly)
        .expect(403);
      expect(res.body).toEqual({ error: 'This action is outside the authorized scopes' });
      const followOnly = await scopedAuth(api.dataSource, alice, 'follow');
      await api.http
        .post(`/api/v1/accounts/${bob.account.id}/follow`)
        .set('Authorization', followOnly)
        .expect(200);
    });
  });

  describe('unfollow', () => {
    it('unfollows, and withdraws a pending request', async () => {
      const bob = await person(api.dataSource);
      const locked = await person(api.dataSource, { locked: true });
      for (const target of [bob, locked]) {
        await api.http
          .post(`/api/v1/accounts/${target.account.id}/follow`)
          .set('Authorization', alice.auth)
          .expect(200);
        const res = await api.http
          .post(`/api/v1/accounts/${target.account.id}/unfollow`)
          .set('Authorization', alice.auth)
          .expect(200);
        expect(res.body).toMatchObject({
          id: target.account.id,
          following: false,
          requested: false,
        });
      }
      expect(await followers(bob.account.id)).toBe(0);
      // Unfollowing someone you do not follow is fine.
      await api.http
        .post(`/api/v1/accounts/${bob.account.id}/unfollow`)
        .set('Authorization', alice.auth)
        .expect(200);
    });

    it('is 401, 403 and 404 like follow', async () => {
      const bob = await person(api.dataSource);
      await api.http.post(`/api/v1/accounts/${bob.account.id}/unfollow`).expect(401);
      await api.http
        .post(`/api/v1/accounts/${bob.account.id}/unfollow`)
        .set('Authorization', readOnly)
        .expect(403);
      await api.http
        .post('/api/v1/accounts/123/unfollow')
        .set('Authorization', alice.auth)
        .expect(404);
    });
  });

  describe('remove_from_followers', () => {
    it('makes a follower stop following you', async () => {
      const fan = await person(api.dataSource);
      await api.http
        .post(`/api/v1/accounts/${alice.account.id}/follow`)
        .set('Authorization', fan.auth)
        .expect(200);
      const res = await api.http
        .post(`/api/v1/accounts/${fan.account.id}/remove_from_followers`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(res.body).toMatchObject({ id: fan.account.id, followed_by: false, following: false });
      expect(
        await api.dataSource
          .getRepository(Follow)
          .countBy({ accountId: fan.account.id, targetAccountId: alice.account.id }),
      ).toBe(0);
    });

    it('is 401, 403 and 404 like follow', async () => {
      const fan = await person(api.dataSource);
      await api.http.post(`/api/v1/accounts/${fan.account.id}/remove_from_followers`).expect(401);
      await api.http
        .post(`/api/v1/accounts/${fan.account.id}/remove_from_followers`)
        .set('Authorization', readOnly)
        .expect(403);
      await api.http
        .post('/api/v1/accounts/0/remove_from_followers')
        .set('Authorization', alice.auth)
        .expect(404);
    });
  });
});
