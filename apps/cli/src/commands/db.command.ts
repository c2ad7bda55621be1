import { prepareDatabase } from '@nestodon/domain';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';

export function dbCommand(runtime: CliRuntime): Command {
  const db = new Command('db').description('database maintenance');
  db.command('migrate')
    .description('create the database if it is missing and run pending migrations')
    .action(async () => {
      const applied = await prepareDatabase(runtime.config().database);
      runtime.print(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
    });
  return db;
}
