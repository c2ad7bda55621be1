import {
  BlockDomainService,
  BlockService,
  EndorseAccountService,
  ExpireMutesService,
  FollowService,
  MuteService,
  RecordInteractionService,
  SetAccountNoteService,
  UnblockDomainService,
  UnblockService,
  UnendorseAccountService,
  UnmuteService,
} from '@nestodon/core';
import {
  Account,
  AccountDomainBlock,
  AccountInteraction,
  AccountNote,
  AccountPin,
  AccountStatsRepository,
  Block,
  Follow,
  FollowRequest,
  Mute,
  RelationshipsRepository,
  ValidationError,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { createLocalAccount, createRemoteAccount } from '@nestodon/testing';
import { DeepPartial } from 'typeorm';
import { CoreContext, startCore } from '../support/core-context';

describe('blocks, mutes, domain blocks, notes and endorsements', () => {
  let core: CoreContext;
  let follows: FollowService;
  let relationships: RelationshipsRepository;

  beforeAll(async () => {
    core = await startCore();
    follows = core.app.get(FollowService);
    relationships = core.app.get(RelationshipsRepository);
  });
  afterAll(() => core.close());

  const account = async (attributes: DeepPartial<Account> = {}) =>
    (await createLocalAccount(core.dataSource, attributes)).account;
  const count = (
    entity: Parameters<CoreContext['dataSource']['getRepository']>[0],
    where: object,
  ) => core.dataSource.getRepository(entity).countBy(where);

  describe('block', () => {
    it('severs follows both ways, drops requests, endorsements and interaction scores', async () => {
      const [alice, bob] = [await account(), await account()];
      const locked = await account({ locked: true });
      await follows.call(alice, bob);
      await follows.call(bob, alice);
      await core.dataSource.getRepository(AccountPin).save([
        { accountId: alice.id, targetAccountId: bob.id },
        { accountId: bob.id, targetAccountId: alice.id },
      ]);
      const interactions = core.app.get(RecordInteractionService);
      await interactions.call(alice.id, bob.id, 'favourite');
      await interactions.call(bob.id, alice.id, 'reblog');
      await core.app.get(BlockService).call(alice, bob);

      expect(await count(Follow, { accountId: alice.id })).toBe(0);
      expect(await count(Follow, { accountId: bob.id })).toBe(0);
      expect(await count(AccountPin, { accountId: alice.id })).toBe(0);
      expect(await count(AccountPin, { accountId: bob.id })).toBe(0);
      expect(await count(AccountInteraction, { accountId: alice.id })).toBe(0);
      expect(await count(AccountInteraction, { accountId: bob.id })).toBe(0);
      expect(await count(Block, { accountId: alice.id, targetAccountId: bob.id })).toBe(1);
      const stats = await core.app.get(AccountStatsRepository).forAccounts([alice.id, bob.id]);
      for (const id of [alice.id, bob.id]) {
        expect(stats.get(id)).toMatchObject({ followingCount: 0, followersCount: 0 });
      }

      // Requests both ways go too.
      await follows.call(locked, alice).catch(() => undefined);
      await core.dataSource
        .getRepository(FollowRequest)
        .save({ accountId: alice.id, targetAccountId: locked.id });
      await core.app.get(BlockService).call(locked, alice);
      expect(await count(FollowRequest, { targetAccountId: locked.id })).toBe(0);
      expect(await count(FollowRequest, { accountId: locked.id })).toBe(0);

      const facts = await relationships.between(alice.id, bob.id);
      expect(facts).toMatchObject({ blocking: true, blockedBy: false, following: null });
      expect((await relationships.between(bob.id, alice.id)).blockedBy).toBe(true);
    });

    it('blocking twice or yourself changes nothing; unblocking lifts it', async () => {
      const [alice, bob] = [await account(), await account()];
      await core.app.get(BlockService).call(alice, bob);
      await core.app.get(BlockService).call(alice, bob);
      await core.app.get(BlockService).call(alice, alice);
      expect(await count(Block, { accountId: alice.id })).toBe(1);
      expect(await core.app.get(UnblockService).call(alice, bob)).toBe(true);
      expect(await core.app.get(UnblockService).call(alice, bob)).toBe(false);
      expect(await count(Block, { accountId: alice.id })).toBe(0);
    });
  });

  describe('mute', () => {
    it('mutes with notifications hidden by default; muting again replaces the settings', async () => {
      const [alice, bob] = [await account(), await account()];
      const mutes = core.app.get(MuteService);
      await mutes.call(alice, bob);
      expect(
        await core.dataSource.getRepository(Mute).findOneBy({ accountId: alice.id }),
      ).toMatchObject({
        hideNotifications: true,
        expiresAt: null,
      });
      await mutes.call(alice, bob, { notifications: false, duration: 3600 });
      const mute = await core.dataSource
        .getRepository(Mute)
        .findOneByOrFail({ accountId: alice.id });
      expect(mute.hideNotifications).toBe(false);
      expect(mute.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 3590_000);
      expect(mute.expiresAt!.getTime()).toBeLessThan(Date.now() + 3610_000);
      expect(await count(Mute, { accountId: alice.id })).toBe(1);
      expect((await relationships.between(alice.id, bob.id)).muting).toEqual({
        hideNotifications: false,
        expiresAt: mute.expiresAt,
      });

      // Muting does not touch follows.
      await follows.call(alice, bob);
      await mutes.call(alice, bob);
      expect(await count(Follow, { accountId: alice.id })).toBe(1);

      expect(await core.app.get(UnmuteService).call(alice, bob)).toBe(true);
      expect((await relationships.between(alice.id, bob.id)).muting).toBeNull();
    });

    it('rejects bad durations and ignores muting yourself', async () => {
      const [alice, bob] = [await account(), await account()];
      const mutes = core.app.get(MuteService);
      await expect(mutes.call(alice, bob, { duration: -1 })).rejects.toBeInstanceOf(
        ValidationError,
      );
      await expect(mutes.call(alice, bob, { duration: 1.5 })).rejects.toBeInstanceOf(
        ValidationError,
      );
      expect(await mutes.call(alice, alice)).toBeNull();
      expect(await count(Mute, { accountId: alice.id })).toBe(0);
    });

    it('schedules the end of a timed mute, and the job ends it only once expired', async () => {
      const [alice, bob, carol] = [await account(), await account(), await account()];
      const jobs = core.app.get(JobQueue);
      const enqueue = jest.spyOn(jobs, 'enqueue');
      const mute = await core.app.get(MuteService).call(alice, bob, { duration: 60 });
      expect(enqueue).toHaveBeenCalledWith(
        JobName.ExpireMute,
        { muteId: String(mute!.id) },
        expect.objectContaining({
          delay: expect.any(Number),
          jobId: expect.stringMatching(/^mute-/),
        }),
      );
      const delay = (enqueue.mock.calls[0][2] as { delay: number }).delay;
      expect(delay).toBeGreaterThan(55_000);
      expect(delay).toBeLessThanOrEqual(60_000);
      const queued = await jobs
        .queue('scheduler')
        .getJob((enqueue.mock.calls[0][2] as { jobId: string }).jobId);
      expect(queued?.name).toBe(JobName.ExpireMute);
      enqueue.mockRestore();

      const expire = core.app.get(ExpireMutesService);
      expect(await expire.call(String(mute!.id))).toBe(0); // not yet
      expect(await count(Mute, { accountId: alice.id })).toBe(1);

      // Time passes: this mute and a forgotten one both ended.
      await core.dataSource.query(
        `UPDATE mutes SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [mute!.id],
      );
      await core.dataSource.getRepository(Mute).save({
        accountId: carol.id,
        targetAccountId: bob.id,
        expiresAt: new Date(Date.now() - 60_000),
      });
      // Reads already ignore it before the job runs.
      expect((await relationships.between(alice.id, bob.id)).muting).toBeNull();
      expect(await expire.call(String(mute!.id))).toBe(2);
      expect(await count(Mute, { targetAccountId: bob.id })).toBe(0);
    });
  });

  describe('domain blocks', () => {
    it('blocks a normalised domain, severing follows and requests with it', async () => {
      const alice = await account();
      const remote = await createRemoteAccount(core.dataSource, { domain: 'spam.example' });
      const fan = await createRemoteAccount(core.dataSource, { domain: 'spam.example' });
      const other = await createRemoteAccount(core.dataSource, { domain: 'fine.example' });
      await core.dataSource.getRepository(Follow).save([
        { accountId: alice.id, targetAccountId: remote.id },
        { accountId: fan.id, targetAccountId: alice.id },
        { accountId: alice.id, targetAccountId: other.id },
      ]);
      const statsRepo = core.app.get(AccountStatsRepository);
      await statsRepo.increment(alice.id, 'following_count', 2);
      await statsRepo.increment(alice.id, 'followers_count', 1);
      await core.dataSource
        .getRepository(FollowRequest)
        .save({ accountId: remote.id, targetAccountId: alice.id });

      const domain = await core.app.get(BlockDomainService).call(alice, '  SPAM.example/ ');
      expect(domain).toBe('spam.example');
      expect(await count(AccountDomainBlock, { accountId: alice.id })).toBe(1);
      expect(await count(Follow, { accountId: alice.id })).toBe(1); // fine.example stays
      expect(await count(Follow, { targetAccountId: alice.id })).toBe(0);
      expect(await count(FollowRequest, { targetAccountId: alice.id })).toBe(0);
      expect((await statsRepo.forAccounts([alice.id])).get(alice.id)).toMatchObject({
        followingCount: 1,
        followersCount: 0,
      });
      expect((await relationships.between(alice.id, remote.id)).domainBlocking).toBe(true);
      expect((await relationships.between(alice.id, other.id)).domainBlocking).toBe(false);

      await core.app.get(BlockDomainService).call(alice, 'spam.example');
      expect(await count(AccountDomainBlock, { accountId: alice.id })).toBe(1);
      await expect(
        core.app.get(BlockDomainService).call(alice, 'not a domain'),
      ).rejects.toBeInstanceOf(ValidationError);
      expect(await core.app.get(UnblockDomainService).call(alice, 'Spam.Example')).toBe(true);
      expect(await count(AccountDomainBlock, { accountId: alice.id })).toBe(0);
    });
  });

  describe('notes', () => {
    it('sets, replaces and clears a private note of at most 2000 characters', async () => {
      const [alice, bob] = [await account(), await account()];
      const notes = core.app.get(SetAccountNoteService);
      await notes.call(alice, bob, 'met at the conference');
      await notes.call(alice, bob, 'met at FOSDEM');
      expect((await relationships.between(alice.id, bob.id)).note).toBe('met at FOSDEM');
      expect((await relationships.between(bob.id, alice.id)).note).toBeNull();
      await expect(notes.call(alice, bob, 'x'.repeat(2001))).rejects.toBeInstanceOf(
        ValidationError,
      );
      await notes.call(alice, bob, '😀'.repeat(2000)); // characters, not UTF-16 units
      await notes.call(alice, bob, '   ');
      expect(await count(AccountNote, { accountId: alice.id })).toBe(0);
    });
  });

  describe('endorsements', () => {
    it('needs a follow; endorsing twice keeps one; unendorsing removes it', async () => {
      const [alice, bob] = [await account(), await account()];
      const endorse = core.app.get(EndorseAccountService);
      await expect(endorse.call(alice, bob)).rejects.toThrow(
        'You must be already following the person you want to endorse',
      );
      await expect(endorse.call(alice, alice)).rejects.toBeInstanceOf(ValidationError);
      await follows.call(alice, bob);
      await endorse.call(alice, bob);
      await endorse.call(alice, bob);
      expect(await count(AccountPin, { accountId: alice.id })).toBe(1);
      expect((await relationships.between(alice.id, bob.id)).endorsed).toBe(true);
      expect(await core.app.get(UnendorseAccountService).call(alice, bob)).toBe(true);
      expect(await count(AccountPin, { accountId: alice.id })).toBe(0);
    });
  });
});
