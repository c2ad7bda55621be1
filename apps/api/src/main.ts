import '@nestodon/config/require-node';
import { loadConfigOrExit } from '@nestodon/config';
import { prepareDatabase } from '@nestodon/domain';
import { installShutdownDeadline, resolveRedisUse } from '@nestodon/platform';
import { Logger } from 'nestjs-pino';
import { createApiApp } from './bootstrap';

async function main() {
  const config = await resolveRedisUse(loadConfigOrExit());
  if (config.database.migrateOnBoot) await prepareDatabase(config.database);
  const app = await createApiApp(config);
  app.enableShutdownHooks();
  installShutdownDeadline(config.http.shutdownTimeoutMs);
  await app.listen(config.http.port, config.http.bind);
  app.get(Logger).log(`api listening on http://${config.http.bind}:${config.http.port}`);
}

main().catch((error) => {
  process.stderr.write(`api failed to start: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
