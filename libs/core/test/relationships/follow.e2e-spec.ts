import {
  AuthorizeAllFollowRequestsService,
  AuthorizeFollowService,
  BlockService,
  FollowService,
  RejectFollowService,
  RemoveFromFollowersService,
  UnfollowService,
} from '@nestodon/core';
import {
  Account,
  AccountPin,
  AccountStatsRepository,
  Follow,
  FollowRequest,
  Mute,
  NotPermittedError,
  RateLimitExceededError,
  RecordNotFoundError,
  ValidationError,
} from '@nestodon/domain';
import { createLocalAccount, createRemoteAccount } from '@nestodon/testing';
import { DeepPartial } from 'typeorm';
import { CoreContext, startCore } from '../support/core-context';

describe('follow state transitions', () => {
  let core: CoreContext;
  let follows: FollowService;
  let unfollows: UnfollowService;
  let stats: AccountStatsRepository;

  beforeAll(async () => {
    core = await startCore();
    follows = core.app.get(FollowService);
    unfollows = core.app.get(UnfollowService);
    stats = core.app.get(AccountStatsRepository);
  });
  afterAll(() => core.close());

  const account = async (attributes: DeepPartial<Account> = {}) =>
    (await createLocalAccount(core.dataSource, attributes)).account;

  async function counts(id: string) {
    const stat = (await stats.forAccounts([id])).get(id);
    return { following: stat?.followingCount ?? 0, followers: stat?.followersCount ?? 0 };
  }

  const followRow = (from: Account, to: Account) =>
    core.dataSource.getRepository(Follow).findOneBy({ accountId: from.id, targetAccountId: to.id });
  const requestRow = (from: Account, to: Account) =>
    core.dataSource
      .getRepository(FollowRequest)
      .findOneBy({ accountId: from.id, targetAccountId: to.id });

  it('follows an unlocked account at once with defaults and counts it', async () => {
    const [alice, bob] = [await account(), await account()];
    const result = await follows.call(alice, bob);
    expect(result).toMatchObject({ kind: 'follow', created: true });
    expect(await followRow(alice, bob)).toMatchObject({
      showReblogs: true,
      notify: false,
      languages: null,
    });
    expect(await counts(alice.id)).toEqual({ following: 1, followers: 0 });
    expect(await counts(bob.id)).toEqual({ following: 0, followers: 1 });
  });

  it('following again updates only the options given, without counting twice', async () => {
    const [alice, bob] = [await account(), await account()];
    await follows.call(alice, bob, { reblogs: false, languages: ['en'] });
    const again = await follows.call(alice, bob, { notify: true });
    expect(again).toMatchObject({ kind: 'follow', created: false });
    expect(await followRow(alice, bob)).toMatchObject({
      showReblogs: false,
      notify: true,
      languages: ['en'],
    });
    await follows.call(alice, bob, { languages: [] });
    expect((await followRow(alice, bob))?.languages).toBeNull();
    expect(await counts(bob.id)).toEqual({ following: 0, followers: 1 });
  });

  it('asks a locked account, and a silenced follower always asks', async () => {
    const locked = await account({ locked: true });
    const alice = await account();
    const result = await follows.call(alice, locked, { notify: true });
    expect(result).toMatchObject({ kind: 'request', created: true });
    expect(await followRow(alice, locked)).toBeNull();
    expect(await requestRow(alice, locked)).toMatchObject({ notify: true, showReblogs: true });
    expect(await counts(locked.id)).toEqual({ following: 0, followers: 0 });

    // Asking again updates the request.
    await follows.call(alice, locked, { reblogs: false });
    expect(await requestRow(alice, locked)).toMatchObject({ notify: true, showReblogs: false });

    const silenced = await account({ silencedAt: new Date() });
    const open = await account();
    expect((await follows.call(silenced, open)).kind).toBe('request');
  });

  it('sends a request to a remote account (it must accept)', async () => {
    const remote = await createRemoteAccount(core.dataSource);
    expect((await follows.call(await account(), remote)).kind).toBe('request');
  });

  it('refuses yourself and suspended accounts (404), blocks and moved accounts (403)', async () => {
    const [alice, bob] = [await account(), await account()];
    await expect(follows.call(alice, alice)).rejects.toBeInstanceOf(RecordNotFoundError);
    const suspended = await account({ suspendedAt: new Date() });
    await expect(follows.call(alice, suspended)).rejects.toBeInstanceOf(RecordNotFoundError);

    await core.app.get(BlockService).call(bob, alice);
    await expect(follows.call(alice, bob)).rejects.toBeInstanceOf(NotPermittedError);
    await expect(follows.call(bob, alice)).rejects.toBeInstanceOf(NotPermittedError);

    const moved = await account({ movedToAccountId: bob.id });
    await expect(follows.call(alice, moved)).rejects.toBeInstanceOf(NotPermittedError);

    const remote = await createRemoteAccount(core.dataSource, { domain: 'blocked.example' });
    await core.dataSource.query(
      `INSERT INTO account_domain_blocks (account_id, domain) VALUES ($1, 'blocked.example')`,
      [alice.id],
    );
    await expect(follows.call(alice, remote)).rejects.toBeInstanceOf(NotPermittedError);
  });

  it('enforces the follow limit unless bypassed', async () => {
    const [alice, bob, carol] = [await account(), await account(), await account()];
    await stats.increment(alice.id, 'following_count', 7500);
    await expect(follows.call(alice, bob)).rejects.toBeInstanceOf(ValidationError);
    await expect(follows.call(alice, bob)).rejects.toThrow(
      'Validation failed: You cannot follow more than 7500 people',
    );
    expect((await follows.call(alice, carol, { bypassLimit: true })).kind).toBe('follow');
  });

  it('counts follows against the daily rate limit when asked', async () => {
    const alice = await account();
    const limiter = (follows as unknown as { rateLimiter: { hit: jest.Mock } }).rateLimiter;
    const hit = jest.spyOn(limiter, 'hit').mockResolvedValueOnce({
      allowed: false,
      limit: 400,
      remaining: 0,
      resetAt: new Date(Date.now() + 1000),
    });
    await expect(
      follows.call(alice, await account(), { withRateLimit: true }),
    ).rejects.toBeInstanceOf(RateLimitExceededError);
    hit.mockRestore();
  });

  it('unfollow removes the follow, its endorsement and the counts; or withdraws a request', async () => {
    const [alice, bob] = [await account(), await account()];
    await follows.call(alice, bob);
    await core.dataSource
      .getRepository(AccountPin)
      .save({ accountId: alice.id, targetAccountId: bob.id });
    expect(await unfollows.call(alice, bob)).toEqual({
      unfollowed: true,
      withdrewRequest: false,
    });
    expect(await followRow(alice, bob)).toBeNull();
    expect(await core.dataSource.getRepository(AccountPin).countBy({ accountId: alice.id })).toBe(
      0,
    );
    expect(await counts(alice.id)).toEqual({ following: 0, followers: 0 });
    expect(await counts(bob.id)).toEqual({ following: 0, followers: 0 });
    // Unfollowing again is harmless and counters never go below zero.
    expect(await unfollows.call(alice, bob)).toEqual({
      unfollowed: false,
      withdrewRequest: false,
    });
    expect(await counts(bob.id)).toEqual({ following: 0, followers: 0 });

    const locked = await account({ locked: true });
    await follows.call(alice, locked);
    expect(await unfollows.call(alice, locked)).toEqual({
      unfollowed: false,
      withdrewRequest: true,
    });
    expect(await requestRow(alice, locked)).toBeNull();
  });

  it('authorizing a request turns it into a follow with its options; rejecting drops it', async () => {
    const locked = await account({ locked: true });
    const [alice, bob] = [await account(), await account()];
    await follows.call(alice, locked, { reblogs: false, notify: true, languages: ['de', 'fr'] });
    await follows.call(bob, locked);

    const follow = await core.app.get(AuthorizeFollowService).call(alice, locked);
    expect(follow).toMatchObject({ showReblogs: false, notify: true, languages: ['de', 'fr'] });
    expect(await requestRow(alice, locked)).toBeNull();
    expect(await counts(locked.id)).toEqual({ following: 0, followers: 1 });
    await expect(core.app.get(AuthorizeFollowService).call(alice, locked)).rejects.toBeInstanceOf(
      RecordNotFoundError,
    );

    await core.app.get(RejectFollowService).call(bob, locked);
    expect(await requestRow(bob, locked)).toBeNull();
    expect(await followRow(bob, locked)).toBeNull();
    await expect(core.app.get(RejectFollowService).call(bob, locked)).rejects.toBeInstanceOf(
      RecordNotFoundError,
    );
  });

  it('unlocking accepts pending requests, muted requesters too, but not silenced ones', async () => {
    const owner = await account({ locked: true });
    const plain = await account();
    const muted = await account();
    const silenced = await account();
    for (const requester of [plain, muted]) await follows.call(requester, owner);
    await core.dataSource
      .getRepository(FollowRequest)
      .save({ accountId: silenced.id, targetAccountId: owner.id });
    await core.dataSource.query(`UPDATE accounts SET silenced_at = now() WHERE id = $1`, [
      silenced.id,
    ]);
    await core.dataSource
      .getRepository(Mute)
      .save({ accountId: owner.id, targetAccountId: muted.id });

    await core.dataSource.query(`UPDATE accounts SET locked = false WHERE id = $1`, [owner.id]);
    const accepted = await core.app.get(AuthorizeAllFollowRequestsService).call(owner);
    expect(accepted).toBe(2);
    expect(await followRow(plain, owner)).not.toBeNull();
    expect(await followRow(muted, owner)).not.toBeNull();
    expect(await followRow(silenced, owner)).toBeNull();
    expect(await requestRow(silenced, owner)).not.toBeNull();
    expect(await counts(owner.id)).toEqual({ following: 0, followers: 2 });
  });

  it('remove_from_followers makes a follower unfollow', async () => {
    const [alice, bob] = [await account(), await account()];
    await follows.call(bob, alice);
    const remove = core.app.get(RemoveFromFollowersService);
    expect(await remove.call(alice, bob)).toBe(true);
    expect(await followRow(bob, alice)).toBeNull();
    expect(await counts(alice.id)).toEqual({ following: 0, followers: 0 });
    expect(await counts(bob.id)).toEqual({ following: 0, followers: 0 });
    expect(await remove.call(alice, bob)).toBe(false);
  });

  it('keeps counters exact under parallel follows and unfollows', async () => {
    const star = await account();
    const fans = await Promise.all(Array.from({ length: 12 }, () => account()));
    // Everyone follows the star and the star follows everyone back, all at once, twice over.
    await Promise.all(
      fans.flatMap((fan) => [
        follows.call(fan, star),
        follows.call(fan, star),
        follows.call(star, fan),
      ]),
    );
    expect(await counts(star.id)).toEqual({ following: 12, followers: 12 });
    // Now half unfollow while the others re-follow, with duplicate unfollows racing.
    await Promise.all(
      fans.flatMap((fan, i): Array<Promise<unknown>> =>
        i % 2 === 0
          ? [unfollows.call(fan, star), unfollows.call(fan, star), unfollows.call(star, fan)]
          : [follows.call(fan, star, { notify: true }), follows.call(star, fan)],
      ),
    );
    const [{ followers }] = await core.dataSource.query(
      `SELECT count(*)::int AS followers FROM follows WHERE target_account_id = $1`,
      [star.id],
    );
    const [{ following }] = await core.dataSource.query(
      `SELECT count(*)::int AS following FROM follows WHERE account_id = $1`,
      [star.id],
    );
    expect(followers).toBe(6);
    expect(following).toBe(6);
    expect(await counts(star.id)).toEqual({ following, followers });
    for (const [i, fan] of fans.entries()) {
      const expected = i % 2 === 0 ? 0 : 1;
      expect(await counts(fan.id)).toEqual({ following: expected, followers: expected });
    }
  });
});
