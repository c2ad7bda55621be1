import '@nestodon/config/require-node';
import { AppConfig, loadConfigOrExit } from '@nestodon/config';
import { Command } from 'commander';
import { processRuntime } from './cli-runtime';
import { COMMANDS } from './commands';

/**
 * Operator CLI, modelled on Mastodon's tootctl: `npm run -s cli -- <command>`. Exit codes as
 * tootctl's: 0 on success, 1 on any failure (message on standard error), 78 for bad
 * configuration.
 */
let config: AppConfig | undefined;
const runtime = processRuntime(() => (config ??= loadConfigOrExit()));

const program = new Command('nestodon')
  .description('Nestodon operator commands')
  .showHelpAfterError();
for (const command of COMMANDS) program.addCommand(command(runtime));

program
  .parseAsync(process.argv)
  // Commands close what they open; exiting here keeps a stray handle from hanging the shell.
  .then(() => process.exit(process.exitCode ?? 0))
  .catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
    process.exit(1);
  });
