import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { FeedManager } from '@nestodon/core';
import {
  Account,
  AccountStat,
  Follow,
  MediaAttachment,
  mediaAttachmentKey,
  Notification,
  OAuthAccessToken,
  profileImageKey,
  StatusStat,
  User,
} from '@nestodon/domain';
import { AccountWithToken, createAccountWithToken, createMediaAttachment } from '@nestodon/testing';
import { RunningApi, startApiBeside } from './support/running-api';
import { CliHarness, startCli } from './support/cli-harness';

describe('operator CLI: accounts delete', () => {
  let mediaRoot: string;
  let api: RunningApi;
  let cli: CliHarness;

  beforeAll(async () => {
    mediaRoot = mkdtempSync(join(tmpdir(), 'nestodon-media-'));
    api = await startApiBeside({ env: { MEDIA_ROOT: mediaRoot } });
    cli = await startCli({ config: api.config });
  });
  afterAll(async () => {
    await cli.close();
    await api.close();
    rmSync(mediaRoot, { recursive: true, force: true });
  });

  async function user(): Promise<AccountWithToken> {
    const who = await createAccountWithToken(api.dataSource);
    await api.app.get(FeedManager).markReady(who.account.id);
    return who;
  }
  const as = (who: AccountWithToken) => ({
    post: (path: string, body: Record<string, unknown> = {}) =>
      api.http.post(path).set('Authorization', who.auth).send(body),
    get: (path: string) => api.http.get(path).set('Authorization', who.auth),
  });
  const post = async (who: AccountWithToken, status: string): Promise<string> =>
    (await as(who).post('/api/v1/statuses', { status }).expect(200)).body.id;
  const home = async (who: AccountWithToken): Promise<string[]> =>
    (await as(who).get('/api/v1/timelines/home').expect(200)).body.map(
      (status: { id: string }) => status.id,
    );
  const stats = (account: Account) =>
    api.dataSource.getRepository(AccountStat).findOneByOrFail({ accountId: account.id });
  /** Writes a stored file as an upload would, and returns its path. */
  const storedFile = (key: string) => {
    const path = join(mediaRoot, key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, 'bytes');
    return path;
  };

  it('deletes statuses, relationships, media, tokens and the login; the username stays taken', async () => {
    const victim = await user();
    const follower = await user();
    const followed = await user();
    await as(follower).post(`/api/v1/accounts/${victim.account.id}/follow`).expect(200);
    await as(victim).post(`/api/v1/accounts/${followed.account.id}/follow`).expect(200);

    const own = await post(victim, 'soon gone');
    const others = await post(followed, 'stays');
    await as(victim).post(`/api/v1/statuses/${others}/favourite`).expect(200);
    await as(victim).post(`/api/v1/statuses/${others}/reblog`).expect(200);
    const rebloggedByFollower = (
      await as(follower).post(`/api/v1/statuses/${own}/reblog`).expect(200)
    ).body.id;
    expect(await home(follower)).toContain(own);
    expect(
      await api.dataSource
        .getRepository(StatusStat)
        .findOneByOrFail({ statusId: others })
        .then((stat) => [stat.favouritesCount, stat.reblogsCount].map(Number)),
    ).toEqual([1, 1]);

    const media = await createMediaAttachment(api.dataSource, victim.account);
    const mediaFiles = [
      storedFile(mediaAttachmentKey(media, 'original')!),
      storedFile(mediaAttachmentKey(media, 'small')!),
    ];
    await api.dataSource
      .getRepository(Account)
      .update(victim.account.id, { avatarFileName: 'face.png', avatarContentType: 'image/png' });
    const avatar = storedFile(profileImageKey(victim.account.id, 'avatar', 'face.png'));

    expect(await cli.run('accounts', 'delete', victim.account.username)).toEqual([
      'Deleting user with 2 statuses, this might take a while...',
      'OK',
    ]);

    // The login and every token are gone.
    await as(victim).get('/api/v1/accounts/verify_credentials').expect(401);
    expect(await api.dataSource.getRepository(User).countBy({ id: victim.user.id })).toBe(0);
    expect(
      await api.dataSource.getRepository(OAuthAccessToken).countBy({
        resourceOwnerId: victim.user.id,
      }),
    ).toBe(0);
    // Statuses, the follower's reblog of one, and the follower's feed entries are gone.
    await as(follower).get(`/api/v1/statuses/${own}`).expect(404);
    await as(follower).get(`/api/v1/statuses/${rebloggedByFollower}`).expect(404);
    expect(await home(follower)).not.toContain(own);
    const feeds = api.app.get(FeedManager);
    expect(await feeds.allIds('home', follower.account.id)).not.toContain(own);
    expect(await feeds.size('home', victim.account.id)).toBe(0);
    // Relationships are gone and the others' counters say so.
    expect(
      await api.dataSource
        .getRepository(Follow)
        .countBy([{ accountId: victim.account.id }, { targetAccountId: victim.account.id }]),
    ).toBe(0);
    expect(Number((await stats(follower.account)).followingCount)).toBe(0);
    expect(Number((await stats(followed.account)).followersCount)).toBe(0);
    const otherStat = await api.dataSource
      .getRepository(StatusStat)
      .findOneByOrFail({ statusId: others });
    expect([otherStat.favouritesCount, otherStat.reblogsCount].map(Number)).toEqual([0, 0]);
    // Notifications the account caused are gone with it.
    expect(
      await api.dataSource
        .getRepository(Notification)
        .countBy({ fromAccountId: victim.account.id }),
    ).toBe(0);
    // Media rows and files, and the avatar, are gone.
    expect(await api.dataSource.getRepository(MediaAttachment).countBy({ id: media.id })).toBe(0);
    for (const path of [...mediaFiles, avatar]) expect(existsSync(path)).toBe(false);

    // The account remains as an empty suspended profile, and its name cannot be taken again.
    const shell = await api.dataSource
      .getRepository(Account)
      .findOneByOrFail({ id: victim.account.id });
    expect(shell).toMatchObject({ displayName: '', note: '', avatarFileName: null });
    expect(shell.suspendedAt).not.toBeNull();
    expect(Number((await stats(victim.account)).statusesCount)).toBe(0);
    await expect(
      cli.run('accounts', 'create', victim.account.username, '--email', 'new@example.com'),
    ).rejects.toThrow('Username has already been taken');
  });

  it('selects by e-mail, and changes nothing in a dry run', async () => {
    const victim = await user();
    await post(victim, 'still here');
    expect(await cli.run('accounts', 'delete', '--email', victim.user.email, '--dry-run')).toEqual([
      'Deleting user with 1 statuses, this might take a while... (DRY RUN)',
      'OK (DRY RUN)',
    ]);
    await as(victim).get('/api/v1/accounts/verify_credentials').expect(200);

    expect(await cli.run('accounts', 'delete', '--email', victim.user.email.toUpperCase())).toEqual(
      ['Deleting user with 1 statuses, this might take a while...', 'OK'],
    );
    await as(victim).get('/api/v1/accounts/verify_credentials').expect(401);
  });

  it('fails clearly without exactly one way to name the account', async () => {
    const someone = await user();
    await expect(cli.run('accounts', 'delete')).rejects.toThrow('No username provided');
    await expect(
      cli.run('accounts', 'delete', someone.account.username, '--email', someone.user.email),
    ).rejects.toThrow('Use username or --email, not both');
    await expect(cli.run('accounts', 'delete', 'nobody')).rejects.toThrow(
      'No local account is named "nobody"',
    );
    await expect(cli.run('accounts', 'delete', '--email', 'nobody@example.com')).rejects.toThrow(
      'No user has the e-mail address nobody@example.com',
    );
  });
});
