import '@nestodon/config/require-node';
import { AppConfig, loadConfigOrExit } from '@nestodon/config';
import { Command } from 'commander';
import { processRuntime } from './cli-runtime';
import { accountsCommand } from './commands/accounts.command';
import { dbCommand } from './commands/db.command';
import { recommendationsCommand } from './commands/recommendations.command';
import { tokensCommand } from './commands/tokens.command';

/** Operator CLI, modelled on Mastodon's tootctl: `npm run -s cli -- <command>`. */
let config: AppConfig | undefined;
const lazyConfig = () => (config ??= loadConfigOrExit());

const program = new Command('nestodon')
  .description('Nestodon operator commands')
  .showHelpAfterError()
  .addCommand(dbCommand(lazyConfig))
  .addCommand(accountsCommand(processRuntime(lazyConfig)))
  .addCommand(tokensCommand(processRuntime(lazyConfig)))
  .addCommand(recommendationsCommand(processRuntime(lazyConfig)));

program
  .parseAsync(process.argv)
  // Commands close what they open; exiting here keeps a stray handle from hanging the shell.
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  });
