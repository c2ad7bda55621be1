import {
  RemoveOrphanedConversationsService,
  RemoveOrphanedMediaService,
  RemoveUnreferencedStatusesService,
} from '@nestodon/core';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';
import { integerOption } from './option-parsers';

interface RemoveOptions {
  days: number;
  batchSize: number;
  cleanFollowed?: boolean;
  skipStatusRemove?: boolean;
  skipMediaRemove?: boolean;
  compressDatabase?: boolean;
}

const seconds = (started: number) => ((Date.now() - started) / 1000).toFixed(2);

export function statusesCommand(runtime: CliRuntime): Command {
  const statuses = new Command('statuses').description('manage statuses');

  statuses
    .command('remove')
    .description(
      'remove remote statuses nothing local refers to, then orphaned media attachments and conversations',
    )
    .option('--days <n>', 'only statuses older than this many days', integerOption, 90)
    .option('-b, --batch-size <n>', 'records deleted at once', integerOption, 1000)
    .option('--clean-followed', 'also statuses of remote accounts someone here follows')
    .option('--skip-status-remove', 'skip the statuses, only clean up orphans')
    .option('--skip-media-remove', 'skip the orphaned media attachments')
    .option(
      '--compress-database',
      'rewrite the tables to give the space back (locks them for long: run it offline)',
    )
    .addHelpText(
      'after',
      '\nAn interrupted run loses nothing: run it again and it goes on where it stopped.',
    )
    .action((options: RemoveOptions) => {
      if (options.batchSize < 1) {
        throw new Error('Cannot run with this batch_size setting, must be at least 1');
      }
      if (options.days < 1)
        throw new Error('Cannot run with this days setting, must be at least 1');
      const compact = options.compressDatabase ?? false;
      return runtime.withContext(async (app) => {
        if (!options.skipStatusRemove) {
          runtime.print('Extract the deletion target from statuses... This might take a while...');
          const started = Date.now();
          const result = await app.get(RemoveUnreferencedStatusesService).call({
            days: options.days,
            includeFollowed: options.cleanFollowed ?? false,
            batchSize: options.batchSize,
            compact,
          });
          if (result.remoteStatuses === 0) {
            runtime.print('This server stores no remote statuses yet: there are none to remove.');
          }
          runtime.print(
            `Done after ${seconds(started)}s, removed ${result.removed} out of ${result.processed} statuses.`,
          );
        }
        if (!options.skipMediaRemove) {
          runtime.print(
            'Beginning removal of now-orphaned media attachments to free up disk space...',
          );
          const started = Date.now();
          const result = await app
            .get(RemoveOrphanedMediaService)
            .call({ days: Math.max(options.days - 1, 1), batchSize: options.batchSize });
          runtime.print(
            `Done after ${seconds(started)}s, removed ${result.removed} out of ${result.processed} media_attachments.`,
          );
        }
        runtime.print('Beginning orphans removal... This might take a while...');
        const started = Date.now();
        const result = await app
          .get(RemoveOrphanedConversationsService)
          .call({ batchSize: options.batchSize, compact });
        runtime.print(
          `Done after ${seconds(started)}s, removed ${result.removed} out of ${result.processed} conversations.`,
        );
      });
    });

  return statuses;
}
