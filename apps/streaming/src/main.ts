import '@nestodon/config/require-node';
import { loadConfigOrExit } from '@nestodon/config';
import { installShutdownDeadline, resolveRedisUse } from '@nestodon/platform';
import { Logger } from 'nestjs-pino';
import { createStreamingApp } from './bootstrap';

async function main() {
  const config = await resolveRedisUse(loadConfigOrExit());
  const app = await createStreamingApp(config);
  app.enableShutdownHooks();
  installShutdownDeadline(config.http.shutdownTimeoutMs);
  await app.listen(config.http.streamingPort, config.http.bind);
  app
    .get(Logger)
    .log(`streaming listening on http://${config.http.bind}:${config.http.streamingPort}`);
}

main().catch((error) => {
  process.stderr.write(
    `streaming failed to start: ${error instanceof Error ? error.stack : error}\n`,
  );
  process.exit(1);
});
