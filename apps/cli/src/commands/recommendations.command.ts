import {
  RecommendAccountService,
  RecommendedAccountQueries,
  UnrecommendAccountService,
} from '@nestodon/core';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';

/**
 * `recommendations add|remove|list`: the accounts staff recommend, which new users follow at
 * sign-up and everyone is offered first in suggestions.
 */
export function recommendationsCommand(runtime: CliRuntime): Command {
  const recommendations = new Command('recommendations').description(
    'accounts new users follow and everyone is offered first in suggestions',
  );

  recommendations
    .command('add')
    .description('recommend a local account')
    .argument('<name>', 'username')
    .action((name: string) =>
      runtime.withContext(async (app) => {
        const account = await app.get(RecommendAccountService).call(name);
        runtime.print(`@${account.username} is recommended`);
      }),
    );

  recommendations
    .command('remove')
    .description('stop recommending a local account')
    .argument('<name>', 'username')
    .action((name: string) =>
      runtime.withContext(async (app) => {
        const account = await app.get(UnrecommendAccountService).call(name);
        runtime.print(`@${account.username} is no longer recommended`);
      }),
    );

  recommendations
    .command('list')
    .description('list recommended accounts')
    .action(() =>
      runtime.withContext(async (app) => {
        const accounts = await app.get(RecommendedAccountQueries).list();
        if (accounts.length === 0) runtime.print('No accounts are recommended');
        for (const account of accounts) runtime.print(`@${account.username}`);
      }),
    );

  return recommendations;
}
