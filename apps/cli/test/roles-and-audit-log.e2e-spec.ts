import { AdminActionLog, User } from '@nestodon/domain';
import { createLocalAccount } from '@nestodon/testing';
import { CliHarness, startCli } from './support/cli-harness';

describe('operator CLI: roles and audit-log', () => {
  let cli: CliHarness;

  beforeAll(async () => {
    cli = await startCli();
  });
  afterAll(() => cli.close());

  it('lists, creates and updates roles with Mastodon’s permission names', async () => {
    const before = await cli.run('roles', 'list');
    expect(before.map((line) => line.split('\t')[0])).toEqual(['Owner', 'Admin', 'Moderator']);
    expect(before[2]).toBe(
      'Moderator\tposition 10\tview_audit_log,view_dashboard,manage_reports,manage_taxonomies,manage_users',
    );

    expect(
      await cli.run(
        'roles',
        'create',
        'Helper',
        '--permissions',
        'manage_reports, view_dashboard',
        '--position',
        '5',
        '--color',
        '#ff0000',
        '--highlighted',
      ),
    ).toEqual(['Created Helper\tposition 5\tview_dashboard,manage_reports']);
    await expect(cli.run('roles', 'create', 'helper')).rejects.toThrow(
      'Name has already been taken',
    );
    await expect(
      cli.run('roles', 'create', 'Other', '--permissions', 'manage_everything'),
    ).rejects.toThrow('Unknown permission manage_everything');
    await expect(cli.run('roles', 'create', 'Other', '--color', 'red')).rejects.toThrow(
      'Color must be #rrggbb',
    );
    await expect(cli.run('roles', 'update', 'Nobody', '--position', '1')).rejects.toThrow(
      'No role is named "Nobody"',
    );

    expect(
      await cli.run('roles', 'update', 'helper', '--name', 'Helper2', '--permissions', ''),
    ).toEqual(['Updated Helper2\tposition 5\t(no permissions)']);

    // A role is given with `accounts modify … --role`.
    const { account, user } = await createLocalAccount(cli.dataSource, { username: 'helped' });
    await cli.run('accounts', 'modify', account.username, '--role', 'Helper2');
    const row = await cli.dataSource
      .getRepository(User)
      .findOneOrFail({ where: { id: user.id }, relations: { role: true } });
    expect(row.role?.name).toBe('Helper2');
  });

  it('lists the audit log newest first, naming who acted', async () => {
    const { account } = await createLocalAccount(cli.dataSource, { username: 'mod' });
    await cli.dataSource.getRepository(AdminActionLog).insert({
      accountId: account.id,
      action: 'suspend',
      targetType: 'Account',
      targetId: account.id,
      humanIdentifier: 'spammer',
    });
    const lines = await cli.run('audit-log', 'list', '--limit', '3');
    expect(lines.map((line) => line.split('\t').slice(1))).toEqual([
      ['@mod', 'suspend', `Account spammer #${account.id}`],
      ['(cli)', 'update', expect.stringMatching(/^UserRole Helper2 #\d+$/)],
      ['(cli)', 'create', expect.stringMatching(/^UserRole Helper #\d+$/)],
    ]);
    expect(lines[0].split('\t')[0]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await cli.run('audit-log', 'list', '--limit', '1')).toHaveLength(1);
    await expect(cli.run('audit-log', 'list', '--limit', '0')).rejects.toThrow();
  });
});
