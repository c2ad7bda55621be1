import '@nestodon/config/require-node';
import { loadConfigOrExit } from '@nestodon/config';
import { prepareDatabase } from '@nestodon/domain';
import { installShutdownDeadline, resolveRedisUse } from '@nestodon/platform';
import { Logger } from 'nestjs-pino';
import { createWorkerApp } from './bootstrap';

async function main() {
  const config = await resolveRedisUse(loadConfigOrExit());
  if (config.database.migrateOnBoot) await prepareDatabase(config.database);
  const app = await createWorkerApp(config);
  app.enableShutdownHooks();
  installShutdownDeadline(config.http.shutdownTimeoutMs);
  await app.init();
  const queues = config.jobs.queues.map((queue) => `${queue.name} (${queue.concurrency})`);
  app.get(Logger).log(`worker processing queues ${queues.join(', ')}`);
}

main().catch((error) => {
  process.stderr.write(`worker failed to start: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
