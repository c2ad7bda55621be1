import { FixDuplicatesService } from '@nestodon/core';
import { Command } from 'commander';
import { CliRuntime } from '../cli-runtime';

/**
 * `maintenance fix-duplicates` (tootctl's): repairs the duplicates a collation change lets into
 * unique text indexes and rebuilds those indexes. tootctl asks before it starts; here `--yes`
 * is that answer, so a script cannot run it by accident.
 */
export function maintenanceCommand(runtime: CliRuntime): Command {
  const maintenance = new Command('maintenance').description('repair the database');

  maintenance
    .command('fix-duplicates')
    .description(
      'merge or rename rows duplicated by corrupted text indexes (after an operating system ' +
        'upgrade changed collation rules), then rebuild those indexes; stop Nestodon and ' +
        'take a backup first',
    )
    .option('--yes', 'confirm that Nestodon is stopped and a backup was taken')
    .action((options: { yes?: boolean }) => {
      if (!options.yes) {
        throw new Error(
          'This may take long and rewrites rows: stop Nestodon, take a backup, then run it with --yes',
        );
      }
      return runtime.withContext(async (app) => {
        const report = await app.get(FixDuplicatesService).call();
        for (const line of report.lines) runtime.print(line);
        runtime.print(
          `Repaired ${report.groups} group(s) of duplicates; rebuilt ${report.reindexed.length} index(es).`,
        );
        runtime.print('Finished!');
      });
    });

  return maintenance;
}
