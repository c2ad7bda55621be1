/**
 * A short-lived child of the launcher: creates the database if missing, runs the pending
 * migrations, tells the launcher which (IPC) and exits, so the long-lived launcher never loads
 * the ORM and its entities.
 */
import '@nestodon/config/require-node';
import { loadConfigOrExit } from '@nestodon/config';
import { MIGRATIONS, prepareDatabase } from '@nestodon/domain';

/** What the child reports: the migrations applied now, and how many exist. */
export type MigrationReport = { applied: string[]; total: number } | { error: string };

async function main(): Promise<MigrationReport> {
  const config = loadConfigOrExit();
  try {
    return { applied: await prepareDatabase(config.database), total: MIGRATIONS.length };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

void main().then((report) => {
  process.send?.(report, () => process.exit('error' in report ? 1 : 0));
});
