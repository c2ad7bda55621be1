import { AppConfig } from '@nestodon/config';
import { prepareDatabase } from '@nestodon/domain';
import { Command } from 'commander';

export function dbCommand(config: () => AppConfig): Command {
  const db = new Command('db').description('database maintenance');
  db.command('migrate')
    .description('create the database if it is missing and run pending migrations')
    .action(async () => {
      const applied = await prepareDatabase(config().database);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
    });
  return db;
}
