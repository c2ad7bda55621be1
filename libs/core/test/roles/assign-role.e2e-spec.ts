import { AssignRoleService, RoleQueries, UnknownRoleError } from '@nestodon/core';
import { hasPermission, Permission, User, UserRole } from '@nestodon/domain';
import { createLocalAccount } from '@nestodon/testing';
import { CoreContext, startCore } from '../support/core-context';

describe('roles', () => {
  let core: CoreContext;
  let roles: RoleQueries;
  let assignRole: AssignRoleService;

  beforeAll(async () => {
    core = await startCore();
    roles = core.app.get(RoleQueries);
    assignRole = core.app.get(AssignRoleService);
  });
  afterAll(() => core.close());

  it('finds the seeded roles by name, case-insensitively', async () => {
    expect((await roles.byName('owner')).id).toBe('3');
    expect((await roles.byName('ADMIN')).id).toBe('2');
    expect((await roles.byName(' Moderator ')).id).toBe('1');
  });

  it('has Mastodon’s permissions on the seeded roles', async () => {
    const [moderator, admin, owner] = await Promise.all(
      ['Moderator', 'Admin', 'Owner'].map((name) => roles.byName(name)),
    );
    expect(hasPermission(moderator.permissions, Permission.ManageReports)).toBe(true);
    expect(hasPermission(moderator.permissions, Permission.ManageUsers)).toBe(true);
    expect(hasPermission(moderator.permissions, Permission.ManageSettings)).toBe(false);
    expect(hasPermission(admin.permissions, Permission.ManageSettings)).toBe(true);
    expect(hasPermission(admin.permissions, Permission.Administrator)).toBe(false);
    // The Administrator bit grants everything.
    expect(hasPermission(owner.permissions, Permission.ManageRoles)).toBe(true);
  });

  it('finds user-defined roles and never the implicit everyone role', async () => {
    await core.dataSource.getRepository(UserRole).save({ name: 'Curator', permissions: '256' });
    expect((await roles.byName('curator')).name).toBe('Curator');
    await expect(roles.byName('')).rejects.toBeInstanceOf(UnknownRoleError);
    await expect(roles.byName('Overlord')).rejects.toThrow('No role is named "Overlord"');
  });

  it('assigns and removes a role', async () => {
    const { user } = await createLocalAccount(core.dataSource);
    const role = await assignRole.call(user.id, 'admin');
    expect(role?.name).toBe('Admin');
    const users = core.dataSource.getRepository(User);
    expect((await users.findOneByOrFail({ id: user.id })).roleId).toBe('2');
    expect(await assignRole.call(user.id, null)).toBeNull();
    expect((await users.findOneByOrFail({ id: user.id })).roleId).toBeNull();
    await expect(assignRole.call('999999999', 'admin')).rejects.toThrow('Record not found');
  });
});
