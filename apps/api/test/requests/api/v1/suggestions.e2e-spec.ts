import { RecordInteractionService } from '@nestodon/core';
import {
  AccountStatsRepository,
  FollowRecommendationSuppression,
  RecommendedAccount,
} from '@nestodon/domain';
import { createLocalAccount, createRemoteAccount } from '@nestodon/testing';
import { DeepPartial } from 'typeorm';
import { Account } from '@nestodon/domain';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { Person, person, scopedAuth } from '../../../support/relationships';

describe('suggestions: GET /api/v1/suggestions, GET /api/v2/suggestions, DELETE /api/v1/suggestions/:id', () => {
  let api: ApiHarness;
  let stats: AccountStatsRepository;
  let interactions: RecordInteractionService;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    stats = api.app.get(AccountStatsRepository);
    interactions = api.app.get(RecordInteractionService);
  });
  afterAll(() => api.close());

  /** A discoverable local account that posted recently, with this many followers. */
  async function popular(
    followers: number,
    attributes: DeepPartial<Account> = {},
  ): Promise<Account> {
    const { account } = await createLocalAccount(api.dataSource, {
      discoverable: true,
      ...attributes,
    });
    await stats.increment(account.id, 'followers_count', followers);
    await stats.touchLastStatusAt(account.id, new Date());
    return account;
  }

  const v2 = (who: Person, query = '') =>
    api.http.get(`/api/v2/suggestions${query}`).set('Authorization', who.auth).expect(200);
  const ids = (body: Array<{ account: { id: string } }>) => body.map((s) => s.account.id);

  it('ranks interactions (reblog 20, favourite 10, reply 1) above the popular cold-start list', async () => {
    const viewer = await person(api.dataSource);
    // Cold start: popular, recently active, discoverable local accounts by follower count.
    const famous = await popular(50);
    const known = await popular(10);
    await popular(30, { discoverable: false }); // not discoverable
    await popular(40, { locked: true }); // locked
    await popular(45, { silencedAt: new Date() }); // silenced
    const idle = (await createLocalAccount(api.dataSource, { discoverable: true })).account;
    await stats.increment(idle.id, 'followers_count', 99); // never active
    const gone = await popular(60, { suspendedAt: new Date() });

    const cold = await v2(viewer);
    expect(ids(cold.body).slice(0, 2)).toEqual([famous.id, known.id]);
    expect(ids(cold.body)).not.toContain(idle.id);
    expect(ids(cold.body)).not.toContain(gone.id);
    expect(cold.body[0]).toMatchObject({ source: 'global', sources: ['most_followed'] });
    expect(cold.body[0].account).toHaveProperty('acct');

    // History: replies to quiet, favourites to remote, reblogs of reblogged.
    const quiet = (await createLocalAccount(api.dataSource)).account;
    const remote = await createRemoteAccount(api.dataSource);
    const reblogged = (await createLocalAccount(api.dataSource)).account;
    for (let i = 0; i < 5; i++) await interactions.call(viewer.account.id, quiet.id, 'reply');
    await interactions.call(viewer.account.id, remote.id, 'favourite');
    await interactions.call(viewer.account.id, reblogged.id, 'reblog');
    await interactions.call(viewer.account.id, viewer.account.id, 'reblog'); // yourself: ignored
    await interactions.call(viewer.account.id, known.id, 'reply');

    const ranked = await v2(viewer);
    expect(ids(ranked.body).slice(0, 5)).toEqual([
      reblogged.id,
      remote.id,
      quiet.id,
      known.id,
      famous.id,
    ]);
    expect(ranked.body[0]).toMatchObject({
      source: 'past_interactions',
      sources: ['most_interactions'],
    });
    // An account found both ways is listed once with both sources.
    expect(ranked.body[3].sources).toEqual(['most_interactions', 'most_followed']);
    expect(ids(ranked.body)).not.toContain(viewer.account.id);

    const v1 = await api.http
      .get('/api/v1/suggestions?limit=2')
      .set('Authorization', viewer.auth)
      .expect(200);
    expect(v1.body.map((a: { id: string }) => a.id)).toEqual([reblogged.id, remote.id]);
  });

  it('puts staff-recommended accounts first, as featured', async () => {
    const viewer = await person(api.dataSource);
    const pick = (await createLocalAccount(api.dataSource)).account;
    await api.dataSource.getRepository(RecommendedAccount).save({ accountId: pick.id });
    const res = await v2(viewer);
    expect(res.body[0]).toMatchObject({
      source: 'staff',
      sources: ['featured'],
      account: { id: pick.id },
    });
  });

  it('leaves out followed, requested, blocked, muted and domain-blocked accounts', async () => {
    const viewer = await person(api.dataSource);
    const targets = await Promise.all(Array.from({ length: 6 }, () => popular(5)));
    const remote = await createRemoteAccount(api.dataSource, { domain: 'hidden.example' });
    await interactions.call(viewer.account.id, remote.id, 'reblog');
    const [followed, blocked, blocker, muted] = targets;
    const post = (path: string, auth = viewer.auth) =>
      api.http.post(path).set('Authorization', auth);
    await post(`/api/v1/accounts/${followed.id}/follow`).expect(200);
    await post(`/api/v1/accounts/${blocked.id}/block`).expect(200);
    await post(`/api/v1/accounts/${muted.id}/mute`).expect(200);
    const blockerPerson = await api.dataSource.query(
      `INSERT INTO blocks (account_id, target_account_id) VALUES ($1, $2)`,
      [blocker.id, viewer.account.id],
    );
    expect(blockerPerson).toBeDefined();
    await api.http
      .post('/api/v1/domain_blocks')
      .set('Authorization', viewer.auth)
      .send({ domain: 'hidden.example' })
      .expect(200);
    const shown = ids((await v2(viewer, '?limit=80')).body);
    for (const hidden of [followed, blocked, blocker, muted, remote])
      expect(shown).not.toContain(hidden.id);
    expect(shown).toEqual(expect.arrayContaining([targets[4].id, targets[5].id]));
  });

  it('blocking removes suggestions on both sides; muting does not', async () => {
    const [alice, bob, carol] = [
      await person(api.dataSource),
      await person(api.dataSource),
      await person(api.dataSource),
    ];
    await interactions.call(alice.account.id, bob.account.id, 'favourite');
    await interactions.call(bob.account.id, alice.account.id, 'favourite');
    await interactions.call(alice.account.id, carol.account.id, 'favourite');
    expect(ids((await v2(alice)).body)).toEqual(
      expect.arrayContaining([bob.account.id, carol.account.id]),
    );

    await api.http
      .post(`/api/v1/accounts/${bob.account.id}/block`)
      .set('Authorization', alice.auth)
      .expect(200);
    await api.http
      .post(`/api/v1/accounts/${carol.account.id}/mute`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(ids((await v2(alice)).body)).not.toContain(bob.account.id);
    expect(ids((await v2(bob)).body)).not.toContain(alice.account.id);
    expect(ids((await v2(alice)).body)).not.toContain(carol.account.id);

    await api.http
      .post(`/api/v1/accounts/${bob.account.id}/unblock`)
      .set('Authorization', alice.auth)
      .expect(200);
    await api.http
      .post(`/api/v1/accounts/${carol.account.id}/unmute`)
      .set('Authorization', alice.auth)
      .expect(200);
    const after = ids((await v2(alice)).body);
    expect(after).not.toContain(bob.account.id); // the block removed the suggestion for good
    expect(after).toContain(carol.account.id); // the mute only hid it
    expect(ids((await v2(bob)).body)).not.toContain(alice.account.id);
  });

  it('DELETE dismisses a suggestion for good', async () => {
    const viewer = await person(api.dataSource);
    const target = await popular(1000);
    expect(ids((await v2(viewer)).body)).toContain(target.id);
    await api.http
      .delete(`/api/v1/suggestions/${target.id}`)
      .set('Authorization', viewer.auth)
      .expect(200)
      .expect((res) => expect(res.body).toEqual({}));
    expect(ids((await v2(viewer)).body)).not.toContain(target.id);
    expect(
      await api.dataSource
        .getRepository(FollowRecommendationSuppression)
        .countBy({ accountId: viewer.account.id, targetAccountId: target.id }),
    ).toBe(1);
  });

  it('is 404 to dismiss an unknown or malformed account', async () => {
    const viewer = await person(api.dataSource);
    await api.http
      .delete('/api/v1/suggestions/987654')
      .set('Authorization', viewer.auth)
      .expect(404);
    await api.http.delete('/api/v1/suggestions/nope').set('Authorization', viewer.auth).expect(404);
  });

  it('is 401 without a token, 403 without read, 422 for a bad limit', async () => {
    const viewer = await person(api.dataSource);
    const wrong = await scopedAuth(api.dataSource, viewer, 'read:accounts write');
    for (const path of ['/api/v1/suggestions', '/api/v2/suggestions']) {
      await api.http.get(path).expect(401);
      await api.http.get(path).set('Authorization', wrong).expect(403);
      await api.http.get(`${path}?limit=many`).set('Authorization', viewer.auth).expect(422);
    }
    await api.http.delete(`/api/v1/suggestions/${viewer.account.id}`).expect(401);
    await api.http
      .delete(`/api/v1/suggestions/${viewer.account.id}`)
      .set('Authorization', wrong)
      .expect(403);
  });

  it('caps the list at the limit (default 40, at most 80)', async () => {
    const viewer = await person(api.dataSource);
    for (let i = 0; i < 3; i++) await popular(1);
    expect((await v2(viewer, '?limit=2')).body).toHaveLength(2);
  });
});
