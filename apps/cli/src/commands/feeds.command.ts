import { BuildFeedsService, ClearFeedsService } from '@nestodon/core';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';
import { integerOption } from './option-parsers';

export function feedsCommand(runtime: CliRuntime): Command {
  const feeds = new Command('feeds').description('manage home and list feeds');

  feeds
    .command('build')
    .description('build the home and list feeds of one user, or of every user who can sign in')
    .argument('[username]', 'username (every user when omitted, or with --all)')
    .option('--all', 'every user who can sign in')
    .option('-c, --concurrency <n>', 'users processed at once', integerOption, 5)
    .option('--dry-run', 'count the users, build nothing')
    .action(
      (
        username: string | undefined,
        options: { all?: boolean; concurrency: number; dryRun?: boolean },
      ) => {
        if (options.concurrency < 1) {
          throw new Error('Cannot run with this concurrency setting, must be at least 1');
        }
        const suffix = options.dryRun ? ' (DRY RUN)' : '';
        return runtime.withContext(async (app) => {
          const build = app.get(BuildFeedsService);
          const settings = { concurrency: options.concurrency, dryRun: options.dryRun ?? false };
          if (options.all || !username) {
            const built = await build.call({ all: true }, settings);
            runtime.print(`Regenerated feeds for ${built} accounts${suffix}`);
          } else {
            await build.call({ username }, settings);
            runtime.print(`OK${suffix}`);
          }
        });
      },
    );

  feeds
    .command('clear')
    .description('remove every home and list feed from Redis (each is rebuilt when next read)')
    .action(() =>
      runtime.withContext(async (app) => {
        await app.get(ClearFeedsService).call();
        runtime.print('OK');
      }),
    );

  return feeds;
}
