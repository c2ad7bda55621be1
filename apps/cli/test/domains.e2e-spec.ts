import {
  Account,
  AdminActionLog,
  CustomEmoji,
  DomainAllow,
  DomainBlock,
  Favourite,
  Follow,
  MediaAttachment,
  Status,
} from '@nestodon/domain';
import {
  createLocalAccount,
  createMediaAttachment,
  createRemoteAccount,
  createStatus,
  insertFollow,
} from '@nestodon/testing';
import { CliHarness, startCli } from './support/cli-harness';
import { RunningApi, startApiBeside } from './support/running-api';

describe('operator CLI: domains', () => {
  let api: RunningApi;
  let cli: CliHarness;

  beforeAll(async () => {
    api = await startApiBeside();
    cli = await startCli({ config: api.config });
  });
  afterAll(async () => {
    await cli.close();
    await api.close();
  });

  it('blocks, lists and unblocks servers, with the effect on their accounts', async () => {
    const remote = await createRemoteAccount(api.dataSource, { domain: 'cli-bad.example' });
    expect(await cli.run('domains', 'block', 'CLI-Bad.Example', '--reject-media')).toEqual([
      'Blocked cli-bad.example (suspend)',
    ]);
    expect(
      await cli.run('domains', 'block', 'soft.example', '--severity', 'silence', '--comment', 'x'),
    ).toEqual(['Blocked soft.example (silence)']);
    expect(await cli.run('domains', 'list')).toEqual([
      'soft.example\tsilence',
      'cli-bad.example\tsuspend\treject_media',
    ]);
    const row = () => api.dataSource.getRepository(Account).findOneByOrFail({ id: remote.id });
    expect((await row()).suspendedAt).not.toBeNull();
    await expect(cli.run('domains', 'block', 'cli-bad.example')).rejects.toThrow(
      'A domain block for cli-bad.example already exists',
    );
    expect(await cli.run('domains', 'unblock', 'cli-bad.example')).toEqual([
      'Unblocked cli-bad.example',
    ]);
    expect((await row()).suspendedAt).toBeNull();
    await expect(cli.run('domains', 'unblock', 'cli-bad.example')).rejects.toThrow(
      'cli-bad.example is not blocked',
    );
    await expect(cli.run('domains', 'block', 'x.example', '--severity', 'nuke')).rejects.toThrow(
      'Unknown severity nuke',
    );
    // The CLI acts as nobody in the audit log.
    const logs = await api.dataSource
      .getRepository(AdminActionLog)
      .findBy({ humanIdentifier: 'soft.example' });
    expect(logs).toEqual([expect.objectContaining({ action: 'create', accountId: null })]);
  });

  it('purges a server: its accounts and everything of them, its emojis and blocks', async () => {
    const { account: alice } = await createLocalAccount(api.dataSource, { username: 'purgealice' });
    const gone = await Promise.all(
      ['one', 'two'].map((username) =>
        createRemoteAccount(api.dataSource, { username, domain: 'gone.example' }),
      ),
    );
    const kept = await createRemoteAccount(api.dataSource, { domain: 'kept.example' });
    const status = await createStatus(api.dataSource, gone[0], { text: 'from afar' });
    await createMediaAttachment(api.dataSource, gone[0], { statusId: status.id });
    await insertFollow(api.dataSource, gone[1], alice);
    await insertFollow(api.dataSource, kept, alice);
    const aliceStatus = await createStatus(api.dataSource, alice, { text: 'liked' });
    await api.dataSource
      .getRepository(Favourite)
      .save({ accountId: gone[1].id, statusId: aliceStatus.id });
    await api.dataSource.getRepository(CustomEmoji).save({
      shortcode: 'farcat',
      domain: 'gone.example',
      imageFileName: 'farcat.png',
    });
    await api.dataSource.getRepository(DomainBlock).save({ domain: 'gone.example' });
    const count = async () => ({
      accounts: await api.dataSource.getRepository(Account).countBy({ domain: 'gone.example' }),
      statuses: await api.dataSource.getRepository(Status).countBy({ accountId: gone[0].id }),
      media: await api.dataSource.getRepository(MediaAttachment).countBy({ accountId: gone[0].id }),
      follows: await api.dataSource.getRepository(Follow).countBy({ targetAccountId: alice.id }),
      favourites: await api.dataSource.getRepository(Favourite).countBy({ accountId: gone[1].id }),
      emojis: await api.dataSource.getRepository(CustomEmoji).countBy({ domain: 'gone.example' }),
      blocks: await api.dataSource.getRepository(DomainBlock).countBy({ domain: 'gone.example' }),
    });
    const before = await count();
    expect(await cli.run('domains', 'purge', 'gone.example', '--dry-run')).toEqual([
      'Removed 2 accounts (DRY RUN)',
      'Removed 1 custom emojis',
    ]);
    expect(await count()).toEqual(before);
    expect(await cli.run('domains', 'purge', 'Gone.Example')).toEqual([
      'Removed 2 accounts',
      'Removed 1 custom emojis',
    ]);
    expect(await count()).toEqual({
      accounts: 0,
      statuses: 0,
      media: 0,
      follows: 1,
      favourites: 0,
      emojis: 0,
      blocks: 0,
    });
    expect(await api.dataSource.getRepository(Account).countBy({ id: kept.id })).toBe(1);
  });

  it('purges every server off the allow list with --limited-federation-mode', async () => {
    const allowed = await createRemoteAccount(api.dataSource, { domain: 'sub.friend.example' });
    const stranger = await createRemoteAccount(api.dataSource, { domain: 'stranger.example' });
    await api.dataSource.getRepository(DomainAllow).save({ domain: 'friend.example' });
    const exists = async (account: Account) =>
      (await api.dataSource.getRepository(Account).countBy({ id: account.id })) === 1;
    const dry = await cli.run('domains', 'purge', '--limited-federation-mode', '--dry-run');
    expect(dry[0]).toMatch(/^Removed [1-9]\d* accounts \(DRY RUN\)$/);
    expect(await exists(stranger)).toBe(true);
    await cli.run('domains', 'purge', '--limited-federation-mode');
    expect(await exists(stranger)).toBe(false);
    expect(await exists(allowed)).toBe(true);
    await expect(cli.run('domains', 'purge')).rejects.toThrow('No domain(s) given');
  });
});
