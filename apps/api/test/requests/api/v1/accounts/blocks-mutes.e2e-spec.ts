import { Block, Follow, Mute } from '@nestodon/domain';
import { createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Person, person, scopedAuth } from '../../../../support/relationships';

describe('POST /api/v1/accounts/:id/block, /unblock, /mute, /unmute', () => {
  let api: ApiHarness;
  let alice: Person;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await person(api.dataSource);
  });
  afterAll(() => api.close());

  const post = (path: string, auth = alice.auth) => api.http.post(path).set('Authorization', auth);

  describe('block / unblock', () => {
    it('blocks, severing follows both ways, and unblocks', async () => {
      const bob = await person(api.dataSource);
      await post(`/api/v1/accounts/${bob.account.id}/follow`).expect(200);
      await post(`/api/v1/accounts/${alice.account.id}/follow`, bob.auth).expect(200);
      const res = await post(`/api/v1/accounts/${bob.account.id}/block`).expect(200);
      expect(res.body).toMatchObject({
        id: bob.account.id,
        blocking: true,
        following: false,
        followed_by: false,
      });
      expect(
        await api.dataSource.getRepository(Follow).countBy({ accountId: bob.account.id }),
      ).toBe(0);
      const seen = await api.http
        .get(`/api/v1/accounts/relationships?id[]=${alice.account.id}`)
        .set('Authorization', bob.auth)
        .expect(200);
      expect(seen.body[0]).toMatchObject({ blocked_by: true, blocking: false });

      const unblocked = await post(`/api/v1/accounts/${bob.account.id}/unblock`).expect(200);
      expect(unblocked.body).toMatchObject({ blocking: false, following: false });
      expect(
        await api.dataSource.getRepository(Block).countBy({ accountId: alice.account.id }),
      ).toBe(0);
    });

    it('may block a suspended account (it still exists)', async () => {
      const { account } = await createLocalAccount(api.dataSource, { suspendedAt: new Date() });
      await post(`/api/v1/accounts/${account.id}/block`).expect(200);
    });

    it('is 401 without a token, 403 without write:blocks, 404 for unknown or hidden accounts', async () => {
      const bob = await person(api.dataSource);
      const { account: unconfirmed } = await createLocalAccount(
        api.dataSource,
        {},
        { confirmedAt: null },
      );
      const muteOnly = await scopedAuth(api.dataSource, alice, 'write:mutes read');
      for (const action of ['block', 'unblock']) {
        await api.http.post(`/api/v1/accounts/${bob.account.id}/${action}`).expect(401);
        await post(`/api/v1/accounts/${bob.account.id}/${action}`, muteOnly).expect(403);
        await post(`/api/v1/accounts/${unconfirmed.id}/${action}`).expect(404);
        await post(`/api/v1/accounts/not-an-id/${action}`).expect(404);
      }
    });
  });

  describe('mute / unmute', () => {
    it('mutes with notifications by default and answers the Relationship', async () => {
      const bob = await person(api.dataSource);
      const res = await post(`/api/v1/accounts/${bob.account.id}/mute`).expect(200);
      expect(res.body).toMatchObject({
        id: bob.account.id,
        muting: true,
        muting_notifications: true,
        muting_expires_at: null,
      });
    });

    it('takes notifications=false and a duration; muting again updates the mute', async () => {
      const bob = await person(api.dataSource);
      const res = await post(`/api/v1/accounts/${bob.account.id}/mute`)
        .type('form')
        .send('notifications=false&duration=3600')
        .expect(200);
      expect(res.body).toMatchObject({ muting: true, muting_notifications: false });
      const expiresAt = new Date(res.body.muting_expires_at).getTime();
      expect(expiresAt).toBeGreaterThan(Date.now() + 3500_000);
      expect(res.body.muting_expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

      const again = await post(`/api/v1/accounts/${bob.account.id}/mute`)
        .send({ notifications: true, duration: 0 })
        .expect(200);
      expect(again.body).toMatchObject({ muting_notifications: true, muting_expires_at: null });
      expect(
        await api.dataSource
          .getRepository(Mute)
          .countBy({ accountId: alice.account.id, targetAccountId: bob.account.id }),
      ).toBe(1);

      const unmuted = await post(`/api/v1/accounts/${bob.account.id}/unmute`).expect(200);
      expect(unmuted.body).toMatchObject({ muting: false, muting_notifications: false });
    });

    it('is 422 for a bad duration', async () => {
      const bob = await person(api.dataSource);
      for (const duration of ['-5', 'soon', '1.5', String(2 ** 31)]) {
        const res = await post(`/api/v1/accounts/${bob.account.id}/mute`)
          .send({ duration })
          .expect(422);
        expect(res.body.error).toMatch(/^Validation failed: Duration/);
      }
      expect(
        await api.dataSource.getRepository(Mute).countBy({ targetAccountId: bob.account.id }),
      ).toBe(0);
    });

    it('is 401 without a token, 403 without write:mutes, 404 for unknown accounts', async () => {
      const bob = await person(api.dataSource);
      const blockOnly = await scopedAuth(api.dataSource, alice, 'write:blocks read');
      for (const action of ['mute', 'unmute']) {
        await api.http.post(`/api/v1/accounts/${bob.account.id}/${action}`).expect(401);
        await post(`/api/v1/accounts/${bob.account.id}/${action}`, blockOnly).expect(403);
        await post(`/api/v1/accounts/42/${action}`).expect(404);
      }
    });
  });
});
