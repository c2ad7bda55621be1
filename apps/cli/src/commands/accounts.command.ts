import { ModifyUserService, ProvisionAccountService } from '@nestodon/core';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';

interface CreateOptions {
  email: string;
  password?: string;
  confirmed?: boolean;
  approve?: boolean;
  role?: string;
}

interface ModifyOptions {
  confirm?: boolean;
  approve?: boolean;
  role?: string;
  removeRole?: boolean;
  disable?: boolean;
  enable?: boolean;
}

export function accountsCommand(runtime: CliRuntime): Command {
  const accounts = new Command('accounts').description('manage local accounts');

  accounts
    .command('create')
    .description('create a local account (prints the password when it is generated)')
    .argument('<name>', 'username')
    .requiredOption('--email <email>', 'e-mail address')
    .option('--password <password>', 'password (8 to 72 characters); generated when omitted')
    .option('--confirmed', 'skip e-mail confirmation')
    .option('--approve', 'approve the account now (needed when registrations require approval)')
    .option('--role <role>', 'role to give: Owner, Admin, Moderator or a custom one')
    .action((name: string, options: CreateOptions) =>
      runtime.withContext(async (app) => {
        const created = await app.get(ProvisionAccountService).provision({
          username: name,
          email: options.email,
          password: options.password,
          confirmed: options.confirmed,
          approve: options.approve,
          role: options.role,
        });
        runtime.print('OK');
        if (created.generatedPassword) runtime.print(`New password: ${created.generatedPassword}`);
      }),
    );

  accounts
    .command('modify')
    .description('change the state or role of a local account')
    .argument('<name>', 'username')
    .option('--confirm', 'mark the e-mail address as confirmed')
    .option('--approve', 'approve a pending account')
    .option('--role <role>', 'give a role: Owner, Admin, Moderator or a custom one')
    .option('--remove-role', 'take the role away')
    .option('--disable', 'disable the login')
    .option('--enable', 'enable a disabled login')
    .action((name: string, options: ModifyOptions) =>
      runtime.withContext(async (app) => {
        await app.get(ModifyUserService).modify(name, options);
        runtime.print('OK');
      }),
    );

  return accounts;
}
