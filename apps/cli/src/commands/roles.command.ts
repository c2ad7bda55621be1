import { RoleQueries, RoleValues, SaveRoleService } from '@nestodon/core';
import { permissionNamesOf, UserRole } from '@nestodon/domain';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';
import { integerOption } from './option-parsers';

interface RoleOptions {
  name?: string;
  permissions?: string;
  position?: number;
  color?: string;
  highlighted?: boolean;
}

/** The options as role values: `--permissions a,b` (empty: none). */
const valuesOf = (options: RoleOptions): RoleValues => ({
  name: options.name,
  permissions:
    options.permissions === undefined
      ? undefined
      : options.permissions
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
  position: options.position,
  color: options.color,
  highlighted: options.highlighted,
});

const describe = (role: UserRole) =>
  [
    role.name,
    `position ${role.position}`,
    permissionNamesOf(role.permissions).join(',') || '(no permissions)',
  ].join('\t');

/** The options `roles create` and `roles update` share. */
function roleOptions(command: Command): Command {
  return command
    .option('--permissions <names>', 'comma-separated, e.g. manage_reports,view_dashboard')
    .option('--position <n>', 'rank: a role manages only roles below it', integerOption)
    .option('--color <#rrggbb>', 'colour of the role badge')
    .option('--highlighted', 'show the role as a badge on profiles')
    .option('--no-highlighted', 'do not show the badge');
}

/**
 * `roles list`, `roles create NAME [--permissions …]` and `roles update NAME [--name N]
 * [--permissions …]`: the roles staff hold, with Mastodon's permission names. Give a role with
 * `accounts modify USERNAME --role NAME`. Changes are written to the audit log.
 */
export function rolesCommand(runtime: CliRuntime): Command {
  const roles = new Command('roles').description('staff roles and their permissions');

  roles
    .command('list')
    .description('every role, highest first, with its permissions')
    .action(() =>
      runtime.withContext(async (app) => {
        for (const role of await app.get(RoleQueries).list()) runtime.print(describe(role));
      }),
    );

  roleOptions(roles.command('create <name>').description('create a role')).action(
    (name: string, options: RoleOptions) =>
      runtime.withContext(async (app) => {
        const role = await app.get(SaveRoleService).call(null, null, {
          ...valuesOf(options),
          name,
        });
        runtime.print(`Created ${describe(role)}`);
      }),
  );

  roleOptions(
    roles
      .command('update <name>')
      .description('change a role')
      .option('--name <new name>', 'rename it'),
  ).action((name: string, options: RoleOptions) =>
    runtime.withContext(async (app) => {
      const existing = await app.get(RoleQueries).byName(name);
      const role = await app.get(SaveRoleService).call(null, existing, valuesOf(options));
      runtime.print(`Updated ${describe(role)}`);
    }),
  );

  return roles;
}
