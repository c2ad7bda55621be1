import {
  ApproveAccountsService,
  DeleteAccountService,
  LocalAccountQueries,
  ModifyUserService,
  ProvisionAccountInput,
  ProvisionAccountService,
  RotateAccountKeysService,
  UserModifications,
} from '@nestodon/core';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';
import { integerOption } from './option-parsers';

const dryRunSuffix = (dryRun?: boolean) => (dryRun ? ' (DRY RUN)' : '');

export function accountsCommand(runtime: CliRuntime): Command {
  const accounts = new Command('accounts').description('manage local accounts');

  accounts
    .command('create')
    .description('create a local account (prints the password when it is generated)')
    .argument('<username>', 'username')
    .requiredOption('--email <email>', 'e-mail address')
    .option('--password <password>', 'password (8 to 72 characters); generated when omitted')
    .option('--confirmed', 'skip e-mail confirmation')
    .option('--approve', 'approve the account now (needed when registrations require approval)')
    .option('--role <role>', 'role to give: Owner, Admin, Moderator or a custom one')
    .action((username: string, options: Omit<ProvisionAccountInput, 'username'>) =>
      runtime.withContext(async (app) => {
        const created = await app.get(ProvisionAccountService).call({ username, ...options });
        runtime.print('OK');
        if (created.generatedPassword) runtime.print(`New password: ${created.generatedPassword}`);
      }),
    );

  accounts
    .command('modify')
    .description('change the address, state, role or password of a local account')
    .argument('<username>', 'username')
    .option('--email <email>', 'new e-mail address (it must be confirmed, unless --confirm)')
    .option('--confirm', 'mark the e-mail address as confirmed')
    .option('--approve', 'approve a pending account')
    .option('--role <role>', 'give a role: Owner, Admin, Moderator or a custom one')
    .option('--remove-role', 'take the role away')
    .option('--disable', 'lock the user out of the account')
    .option('--enable', 'let a disabled user in again')
    .option('--reset-password', 'replace the password with a generated one and revoke every token')
    .action((username: string, options: UserModifications) =>
      runtime.withContext(async (app) => {
        const modified = await app.get(ModifyUserService).call(username, options);
        runtime.print('OK');
        if (modified.newPassword) runtime.print(`New password: ${modified.newPassword}`);
      }),
    );

  accounts
    .command('delete')
    .description(
      'delete a local account: statuses, media, relationships, tokens and the login; the username stays taken',
    )
    .argument('[username]', 'username (or select the user with --email)')
    .option('--email <email>', 'select the user by e-mail address instead')
    .option('--dry-run', 'say what would be deleted, delete nothing')
    .action((username: string | undefined, options: { email?: string; dryRun?: boolean }) => {
      if (username && options.email) throw new Error('Use username or --email, not both');
      if (!username && !options.email) throw new Error('No username provided');
      return runtime.withContext(async (app) => {
        const accounts = app.get(LocalAccountQueries);
        const account = username
          ? await accounts.byUsername(username)
          : await accounts.byEmail(options.email!);
        const statuses = await accounts.statusesCount(account);
        runtime.print(
          `Deleting user with ${statuses} statuses, this might take a while...${dryRunSuffix(options.dryRun)}`,
        );
        if (!options.dryRun) await app.get(DeleteAccountService).call(account);
        runtime.print(`OK${dryRunSuffix(options.dryRun)}`);
      });
    });

  accounts
    .command('approve')
    .description('approve pending accounts: one by username, the oldest --number N, or --all')
    .argument('[username]', 'username of the account to approve')
    .option('--all', 'approve every pending account')
    .option('-n, --number <n>', 'approve this many pending accounts, oldest first', integerOption)
    .action((username: string | undefined, options: { all?: boolean; number?: number }) => {
      if (options.number !== undefined && options.number < 1) {
        throw new Error('Number must be positive');
      }
      if (!options.all && options.number === undefined && !username) {
        throw new Error('No account(s) given');
      }
      return runtime.withContext(async (app) => {
        const approve = app.get(ApproveAccountsService);
        if (options.all) await approve.call({ all: true });
        else if (options.number !== undefined) await approve.call({ oldest: options.number });
        else await approve.call({ username: username! });
        runtime.print('OK');
      });
    });

  accounts
    .command('rotate')
    .description("replace a local account's keys (RSA and Ed25519), as after a leak")
    .argument('<name>', 'username')
    .action((name: string) =>
      runtime.withContext(async (app) => {
        await app.get(RotateAccountKeysService).call(name);
        runtime.print('OK');
      }),
    );

  return accounts;
}
