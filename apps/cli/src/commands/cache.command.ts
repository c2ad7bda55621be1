import { ClearCacheService } from '@nestodon/core';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';

export function cacheCommand(runtime: CliRuntime): Command {
  const cache = new Command('cache').description('manage cached data');

  cache
    .command('clear')
    .description(
      'drop cached data in Redis and in every running process; it is read again from the database',
    )
    .action(() =>
      runtime.withContext(async (app) => {
        await app.get(ClearCacheService).call();
        runtime.print('OK');
      }),
    );

  return cache;
}
