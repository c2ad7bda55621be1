import { MediaUsageQueries, RemoveCachedRemoteMediaService } from '@nestodon/core';
import { humanSize } from '@nestodon/serializers';
import { Command, InvalidArgumentError } from 'commander';
import { CliRuntime } from '../cli-runtime';

const days = (value: string) => {
  if (!/^\d{1,5}$/.test(value)) throw new InvalidArgumentError('must be a whole number of days');
  return Number(value);
};

/** `media remove` and `media usage`, with tootctl's names, options and output. */
export function mediaCommand(runtime: CliRuntime): Command {
  const media = new Command('media').description('media files: cached copies and storage usage');

  media
    .command('remove')
    .description(
      "remove local copies of other servers' media older than --days (they are fetched again when needed)",
    )
    .option('--days <n>', 'how old the copies must be', days, 7)
    .option('--dry-run', 'only count what would be removed', false)
    .action((options: { days: number; dryRun: boolean }) =>
      runtime.withContext(async (app) => {
        const removed = await app.get(RemoveCachedRemoteMediaService).call(options);
        runtime.print(
          `Removed ${removed.count} media attachments (approx. ${humanSize(removed.bytes)})` +
            (options.dryRun ? ' (DRY RUN)' : ''),
        );
      }),
    );

  media
    .command('usage')
    .description('show how much storage media take')
    .action(() =>
      runtime.withContext(async (app) => {
        for (const usage of await app.get(MediaUsageQueries).usage()) {
          runtime.print(
            `${usage.label}:\t${humanSize(usage.total)} (${humanSize(usage.local)} local)`,
          );
        }
      }),
    );

  return media;
}
