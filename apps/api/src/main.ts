import '@nestodon/config/require-node';
import cluster, { Worker } from 'node:cluster';
import { AppConfig, loadConfigOrExit } from '@nestodon/config';
import { createLogger } from '@nestodon/platform/logger';
import { resolveRedisUse } from '@nestodon/platform/redis-use';

/**
 * The api: one process, or with WEB_CONCURRENCY=N a small cluster primary that only
 * supervises N workers sharing the port (as Mastodon's puma workers), so one api uses every
 * core. The primary loads neither Nest nor the ORM.
 */
async function main() {
  const config = await resolveRedisUse(loadConfigOrExit());
  if (cluster.isPrimary && config.http.webConcurrency > 1) superviseWorkers(config);
  else await serve(config);
}

async function serve(config: AppConfig) {
  const { prepareDatabase } = await import('@nestodon/domain');
  const { installShutdownDeadline } = await import('@nestodon/platform');
  const { Logger } = await import('nestjs-pino');
  const { createApiApp } = await import('./bootstrap');
  // Several workers may migrate at once: an advisory lock makes the others wait.
  if (config.database.migrateOnBoot) await prepareDatabase(config.database);
  const app = await createApiApp(config);
  app.enableShutdownHooks();
  installShutdownDeadline(config.http.shutdownTimeoutMs);
  await app.listen(config.http.port, config.http.bind);
  app.get(Logger).log(`api listening on http://${config.http.bind}:${config.http.port}`);
}

/**
 * Forks the workers and starts a dead one again at once. A worker that dies before it ever
 * listened (configuration, database) ends the primary, so the launcher's restart policy or
 * the operator sees the failure instead of a crash loop here. SIGTERM and SIGINT are passed on.
 */
function superviseWorkers(config: AppConfig) {
  const logger = createLogger(config, 'api');
  const count = config.http.webConcurrency;
  const live = new Set<Worker>();
  let stopping = false;

  const fork = (index: number): void => {
    // Only the first worker takes METRICS_PORT: one port cannot have several listeners.
    const worker = cluster.fork(index === 0 ? {} : { METRICS_PORT: undefined });
    live.add(worker);
    let listened = false;
    worker.once('listening', () => (listened = true));
    // A connection handed to a worker that just died fails to send; that must not end the primary.
    worker.on('error', (error) => logger.warn(`api worker ${index + 1}: ${error.message}`));
    worker.once('exit', (code, signal) => {
      live.delete(worker);
      if (stopping) {
        if (live.size === 0) process.exit();
        return;
      }
      const how = signal ?? `code ${code}`;
      if (!listened) {
        logger.fatal(`api worker ${index + 1} exited (${how}) before listening; stopping`);
        stop('SIGTERM', 1);
        return;
      }
      logger.error(`api worker ${index + 1} exited (${how}); starting it again`);
      fork(index);
    });
  };

  const stop = (signal: NodeJS.Signals, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    if (live.size === 0) process.exit();
    for (const worker of live) worker.process.kill(signal);
  };

  for (let index = 0; index < count; index++) fork(index);
  logger.info(`api: ${count} worker processes on ${config.http.bind}:${config.http.port}`);
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error) => {
  process.stderr.write(`api failed to start: ${error instanceof Error ? error.stack : error}\n`);
  process.exit(1);
});
