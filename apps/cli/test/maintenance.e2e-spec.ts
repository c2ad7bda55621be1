import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FeedManager } from '@nestodon/core';
import {
  Conversation,
  MediaAttachment,
  mediaAttachmentKey,
  snowflakeAt,
  Status,
} from '@nestodon/domain';
import { RedisService } from '@nestodon/platform';
import {
  AccountWithToken,
  createAccountWithToken,
  createLocalAccount,
  createMediaAttachment,
  createRemoteAccount,
  createStatus,
  insertFollow,
} from '@nestodon/testing';
import { RunningApi, startApiBeside } from './support/running-api';
import { CliHarness, startCli } from './support/cli-harness';

const DAY = 24 * 3600 * 1000;

describe('operator CLI: feeds, cache and statuses', () => {
  let mediaRoot: string;
  let api: RunningApi;
  let cli: CliHarness;
  let feeds: FeedManager;

  beforeAll(async () => {
    mediaRoot = mkdtempSync(join(tmpdir(), 'nestodon-media-'));
    api = await startApiBeside({ env: { MEDIA_ROOT: mediaRoot } });
    cli = await startCli({ config: api.config });
    feeds = api.app.get(FeedManager);
  });
  afterAll(async () => {
    await cli.close();
    await api.close();
    rmSync(mediaRoot, { recursive: true, force: true });
  });

  async function user(): Promise<AccountWithToken> {
    const who = await createAccountWithToken(api.dataSource);
    await feeds.markReady(who.account.id);
    return who;
  }
  const post = async (who: AccountWithToken, status: string): Promise<string> =>
    (await api.http.post('/api/v1/statuses').set('Authorization', who.auth).send({ status })).body
      .id;

  describe('feeds clear and feeds build', () => {
    it('clears every feed, then builds one user or all of them from the database', async () => {
      const alice = await user();
      const bob = await user();
      await api.http
        .post(`/api/v1/accounts/${bob.account.id}/follow`)
        .set('Authorization', alice.auth)
        .expect(200);
      const bobs = await post(bob, 'from bob');
      const own = await post(alice, 'from alice');
      expect(await feeds.allIds('home', alice.account.id)).toEqual([own, bobs]);

      expect(await cli.run('feeds', 'clear')).toEqual(['OK']);
      expect(await feeds.size('home', alice.account.id)).toBe(0);
      expect(await feeds.isReady(alice.account.id)).toBe(false);

      expect(await cli.run('feeds', 'build', alice.account.username)).toEqual(['OK']);
      expect(await feeds.allIds('home', alice.account.id)).toEqual([own, bobs]);
      expect(await feeds.isReady(alice.account.id)).toBe(true);
      expect(await feeds.size('home', bob.account.id)).toBe(0);

      const [{ count }]: Array<{ count: number }> = await api.dataSource.query(
        `SELECT count(*)::int AS count FROM users WHERE confirmed_at IS NOT NULL AND approved AND NOT disabled`,
      );
      expect(await cli.run('feeds', 'build', '--all', '--dry-run')).toEqual([
        `Regenerated feeds for ${count} accounts (DRY RUN)`,
      ]);
      expect(await feeds.size('home', bob.account.id)).toBe(0);
      expect(await cli.run('feeds', 'build', '--all', '-c', '2')).toEqual([
        `Regenerated feeds for ${count} accounts`,
      ]);
      expect(await feeds.allIds('home', bob.account.id)).toEqual([bobs]);
    });

    it('fails clearly', async () => {
      await expect(cli.run('feeds', 'build', 'nobody')).rejects.toThrow(
        'No local account is named "nobody"',
      );
      await expect(cli.run('feeds', 'build', '--all', '-c', '0')).rejects.toThrow(
        'Cannot run with this concurrency setting, must be at least 1',
      );
    });
  });

  describe('cache clear', () => {
    it('drops cached data in Redis and in the running api, and keeps the rest', async () => {
      const redis = api.app.get(RedisService).client;
      await redis.set('cache:filters:1', '[]');
      await redis.set('feed:home:1', 'kept');
      const before = (await api.http.get('/api/v1/instance').expect(200)).body.stats.user_count;
      await createLocalAccount(api.dataSource);
      // Instance statistics are cached by the api...
      expect((await api.http.get('/api/v1/instance')).body.stats.user_count).toBe(before);

      expect(await cli.run('cache', 'clear')).toEqual(['OK']);
      // ...until the cache is cleared.
      expect((await api.http.get('/api/v1/instance')).body.stats.user_count).toBe(before + 1);
      expect(await redis.exists('cache:filters:1')).toBe(0);
      expect(await redis.get('feed:home:1')).toBe('kept');
    });
  });

  describe('statuses remove', () => {
    /** A status row created `days` ago. */
    const statusFrom = (
      account: Parameters<typeof createStatus>[1],
      days: number,
      attributes: Parameters<typeof createStatus>[2] = {},
    ) =>
      createStatus(api.dataSource, account, {
        id: snowflakeAt(Date.now() - days * DAY, Math.floor(Math.random() * 60000)),
        uri: account.domain
          ? `https://${account.domain}/statuses/${Math.random().toString(36).slice(2)}`
          : null,
        ...attributes,
      });
    const exists = async (status: Status) =>
      (await api.dataSource.getRepository(Status).countBy({ id: status.id })) === 1;

    it('says so when there are no remote statuses, and leaves local ones alone', async () => {
      const { account } = await createLocalAccount(api.dataSource);
      const old = await statusFrom(account, 400);
      const lines = await cli.run('statuses', 'remove', '--skip-media-remove');
      expect(lines).toEqual([
        'Extract the deletion target from statuses... This might take a while...',
        'This server stores no remote statuses yet: there are none to remove.',
        expect.stringMatching(/^Done after [\d.]+s, removed 0 out of 0 statuses\.$/),
        'Beginning orphans removal... This might take a while...',
        expect.stringMatching(/^Done after [\d.]+s, removed \d+ out of \d+ conversations\.$/),
      ]);
      expect(await exists(old)).toBe(true);
    });

    it('removes old remote statuses nothing local refers to, then orphaned media and conversations', async () => {
      const local = (await createLocalAccount(api.dataSource)).account;
      const stranger = await createRemoteAccount(api.dataSource);
      const followed = await createRemoteAccount(api.dataSource);
      await insertFollow(api.dataSource, local, followed);

      const unreferenced = await statusFrom(stranger, 100);
      const recent = await statusFrom(stranger, 10);
      const favourited = await statusFrom(stranger, 100);
      await api.dataSource.query(`INSERT INTO favourites (account_id, status_id) VALUES ($1, $2)`, [
        local.id,
        favourited.id,
      ]);
      const repliedTo = await statusFrom(stranger, 100);
      await statusFrom(local, 5, { inReplyToId: repliedTo.id });
      const mentioning = await statusFrom(stranger, 100, { mentions: [local] });
      const ofFollowed = await statusFrom(followed, 100);
      const localOld = await statusFrom(local, 100);

      const orphan = await createMediaAttachment(api.dataSource, local, {
        createdAt: new Date(Date.now() - 100 * DAY),
        updatedAt: new Date(Date.now() - 100 * DAY),
      });
      const orphanFile = join(mediaRoot, mediaAttachmentKey(orphan, 'original')!);
      mkdirSync(dirname(orphanFile), { recursive: true });
      writeFileSync(orphanFile, 'bytes');
      const freshUpload = await createMediaAttachment(api.dataSource, local);
      const emptyConversation = await api.dataSource.getRepository(Conversation).save({});

      const lines = await cli.run('statuses', 'remove', '--days', '30', '-b', '2');
      expect(lines).toEqual([
        'Extract the deletion target from statuses... This might take a while...',
        expect.stringMatching(/^Done after [\d.]+s, removed 1 out of 1 statuses\.$/),
        'Beginning removal of now-orphaned media attachments to free up disk space...',
        expect.stringMatching(/^Done after [\d.]+s, removed 1 out of 1 media_attachments\.$/),
        'Beginning orphans removal... This might take a while...',
        expect.stringMatching(/^Done after [\d.]+s, removed \d+ out of \d+ conversations\.$/),
      ]);
      expect(await exists(unreferenced)).toBe(false);
      for (const kept of [recent, favourited, repliedTo, mentioning, ofFollowed, localOld]) {
        expect(await exists(kept)).toBe(true);
      }
      expect(await api.dataSource.getRepository(MediaAttachment).countBy({ id: orphan.id })).toBe(
        0,
      );
      expect(existsSync(orphanFile)).toBe(false);
      expect(
        await api.dataSource.getRepository(MediaAttachment).countBy({ id: freshUpload.id }),
      ).toBe(1);
      expect(
        await api.dataSource.getRepository(Conversation).countBy({ id: emptyConversation.id }),
      ).toBe(0);

      // --clean-followed: the followed author's unreferenced statuses go too.
      await cli.run(
        'statuses',
        'remove',
        '--days',
        '30',
        '--clean-followed',
        '--skip-media-remove',
      );
      expect(await exists(ofFollowed)).toBe(false);
      expect(await exists(favourited)).toBe(true);
    });

    it('refuses a batch size or age below one', async () => {
      await expect(cli.run('statuses', 'remove', '--batch-size', '0')).rejects.toThrow(
        'Cannot run with this batch_size setting, must be at least 1',
      );
      await expect(cli.run('statuses', 'remove', '--days', '0')).rejects.toThrow(
        'Cannot run with this days setting, must be at least 1',
      );
    });
  });
});
