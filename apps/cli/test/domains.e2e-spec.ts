import { Account, AdminActionLog } from '@nestodon/domain';
import { createRemoteAccount } from '@nestodon/testing';
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
});
