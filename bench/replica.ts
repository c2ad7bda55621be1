/**
 * One more api process for `npm run bench -- <name> --replicas N`: the same configuration as
 * the benchmark's own api (database, Redis namespace, secret), listening on its port with
 * SO_REUSEPORT. Tells the parent when it listens; ends on SIGTERM.
 */
import { createApiApp } from '../apps/api/src/bootstrap';
import { benchConfig, listenShared } from './environment';

async function main() {
  const app = await createApiApp(benchConfig());
  await listenShared(app, Number(process.env.BENCH_PORT));
  process.once('SIGTERM', () => {
    void app.close().finally(() => process.exit(0));
  });
  process.send?.('listening');
}

main().catch((error) => {
  process.stderr.write(`bench replica failed: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
