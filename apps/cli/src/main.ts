import '@nestodon/config/require-node';
import { AppConfig, loadConfigOrExit } from '@nestodon/config';
import { Command } from 'commander';
import { dbCommand } from './commands/db.command';

/** Operator CLI, modelled on Mastodon's tootctl: `npm run -s cli -- <command>`. */
let config: AppConfig | undefined;
const lazyConfig = () => (config ??= loadConfigOrExit());

const program = new Command('nestodon')
  .description('Nestodon operator commands')
  .showHelpAfterError()
  .addCommand(dbCommand(lazyConfig));

program.parseAsync(process.argv).catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
