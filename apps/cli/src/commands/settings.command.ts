import { ChangeSettingsService } from '@nestodon/core';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';

/**
 * `settings registrations open|approved|close`: who may sign up; `settings trends on|off`: whether
 * trends show, and with `--[no-]review` whether they wait for staff review. Stored in the database
 * and honoured by every running process at once; REGISTRATIONS_MODE only gives the mode until then.
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

  const trends = settings.command('trends').description('trending tags, links and posts');

  trends
    .command('on')
    .description('show trends')
    .option('--review', 'only items staff allowed appear (the default)')
    .option('--no-review', 'items appear without review (trendable_by_default)')
    .action((options: { review?: boolean }) =>
      runtime.withContext(async (app) => {
        await app.get(ChangeSettingsService).call({
          trends: true,
          trendableByDefault: options.review === undefined ? undefined : !options.review,
        });
        runtime.print('OK');
      }),
    );

  trends
    .command('off')
    .description('show no trends')
    .action(() =>
      runtime.withContext(async (app) => {
        await app.get(ChangeSettingsService).call({ trends: false });
        runtime.print('OK');
      }),
    );

  return settings;
}
