/**
 * The worker of benchmarks that need one beside a loaded api (post-status): the same
 * configuration as the benchmark's api (database, Redis namespace, secret). Tells the parent
 * once it consumes its queues; ends on SIGTERM.
 */
import { createWorkerApp } from '../apps/worker/src/bootstrap';
import { benchConfig } from './environment';

async function main() {
  const app = await createWorkerApp(benchConfig());
  await app.init();
  process.once('SIGTERM', () => {
    void app.close().finally(() => process.exit(0));
  });
  process.send?.('ready');
}

main().catch((error) => {
  process.stderr.write(`bench worker failed: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
