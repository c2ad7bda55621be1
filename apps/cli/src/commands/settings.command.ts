import { ChangeSettingsService } from '@nestodon/core';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';

/**
 * `settings registrations open|approved|close`: who may sign up. Stored in the database and
 * honoured by every running process at once; REGISTRATIONS_MODE only gives the mode until then.
 */
export function settingsCommand(runtime: CliRuntime): Command {
  const settings = new Command('settings').description('change server settings without a restart');
  const registrations = settings.command('registrations').description('who may sign up');

  registrations
    .command('open')
    .description('open registrations: anyone may sign up')
    .action(() =>
      runtime.withContext(async (app) => {
        await app.get(ChangeSettingsService).call({ registrationsMode: 'open' });
        runtime.print('OK');
      }),
    );

  registrations
    .command('approved')
    .description('registrations need approval by staff')
    .option('--require-reason', 'sign-ups must say why they want to join (the default)')
    .option('--no-require-reason', 'the reason is optional')
    .action((options: { requireReason?: boolean }) =>
      runtime.withContext(async (app) => {
        await app
          .get(ChangeSettingsService)
          .call({ registrationsMode: 'approved', requireInviteText: options.requireReason });
        runtime.print('OK');
      }),
    );

  registrations
    .command('close')
    .description('close registrations: sign-up only with an invite')
    .action(() =>
      runtime.withContext(async (app) => {
        await app.get(ChangeSettingsService).call({ registrationsMode: 'none' });
        runtime.print('OK');
      }),
    );

  return settings;
}
