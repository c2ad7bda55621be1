import { CreateUserTokenService, DEFAULT_CLI_APP_NAME, DEFAULT_CLI_SCOPES } from '@nestodon/core';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';

export function tokensCommand(runtime: CliRuntime): Command {
  const tokens = new Command('tokens').description('manage access tokens');

  tokens
    .command('create')
    .description('create an access token for a local user; the token is the last line printed')
    .argument('<name>', 'username')
    .option('--scopes <scopes>', 'space-separated scopes', DEFAULT_CLI_SCOPES)
    .option('--app <name>', 'name of the app the token belongs to', DEFAULT_CLI_APP_NAME)
    .action((name: string, options: { scopes: string; app: string }) =>
      runtime.withContext(async (app) => {
        const issued = await app
          .get(CreateUserTokenService)
          .call(name, { scopes: options.scopes, appName: options.app });
        runtime.print(
          `Access token for @${issued.user.account.username} (app "${issued.application.name}", scopes: ${issued.row.scopes}):`,
        );
        runtime.print(issued.token);
      }),
    );

  return tokens;
}
