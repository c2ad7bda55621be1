import '@nestodon/config/require-node';
import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { EMBEDDED_DATABASE, loadConfigOrExit } from '@nestodon/config';
import { createLogger } from '@nestodon/platform/logger';
import { resolveRedisUse } from '@nestodon/platform/redis-use';
import {
  EmbeddedDatabase,
  needsEmbeddedPostgres,
  startEmbeddedPostgres,
} from './embedded-postgres';
import type { MigrationReport } from './migrate';
import { childExecArgv } from './child-node-flags';
import { restartDecision } from './restart-policy';

/**
 * `npm start`: validates configuration, starts the embedded PostgreSQL when no other is
 * configured or answering, creates and migrates the database once, then runs api,
 * streaming and worker as child processes and supervises them: a child that dies is started
 * again after a delay that grows with its recent crashes, while the others keep serving; a
 * child that crashes LAUNCHER_RESTART_LIMIT times within a minute stops the whole set (exit 1),
 * as something is wrong that restarting will not fix. SIGTERM is passed on; each child drains.
 */
const PROCESSES = ['api', 'streaming', 'worker'] as const;
type ProcessName = (typeof PROCESSES)[number];

async function main() {
  let config = loadConfigOrExit();
  const logger = createLogger(config, 'launcher');
  let embedded: EmbeddedDatabase | undefined;
  if (await needsEmbeddedPostgres(config)) {
    embedded = await startEmbeddedPostgres(config);
    process.env.DATABASE_URL = embedded.url;
    config = loadConfigOrExit();
    logger.info(
      `no PostgreSQL configured or answering: started the embedded one on 127.0.0.1:${embedded.port} (data in ${EMBEDDED_DATABASE.dataDir})`,
    );
  }
  config = await resolveRedisUse(config);
  if (!config.redis.enabled) {
    logger.info('no Redis configured or answering: queues, feeds and caches live in PostgreSQL');
  }
  const report = await migrateInChild();
  if ('error' in report) {
    throw new Error(
      `cannot prepare the database at ${new URL(config.database.url).host} (DATABASE_URL): ${report.error}`,
    );
  }
  const migrated = report.applied;
  logger.info(
    migrated.length ? `applied migrations: ${migrated.join(', ')}` : 'database is up to date',
  );
  const { bind, port, streamingPort } = config.http;
  logger.info(
    `serving ${config.instance.baseUrl} on ${bind}:${port}, streaming on ${bind}:${streamingPort}`,
  );
  if (migrated.length === report.total) {
    logger.info(
      'a new database: create the owner account with ' +
        '`npm run -s cli -- accounts create owner --email you@example.com --role Owner --confirmed`',
    );
  }

  const children = new Map<ProcessName, ChildProcess>();
  const crashes = new Map<ProcessName, number[]>(PROCESSES.map((name) => [name, []]));
  const pendingRestarts = new Set<NodeJS.Timeout>();
  let stopping = false;
  let exitCode = 0;

  const exitWhenAllGone = () => {
    if (!stopping || children.size > 0) return;
    void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(exitCode));
  };

  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingRestarts) clearTimeout(timer);
    for (const child of children.values()) child.kill(signal);
    setTimeout(() => {
      for (const child of children.values()) child.kill('SIGKILL');
    }, config.http.shutdownTimeoutMs + 1500).unref();
    exitWhenAllGone();
  };

  const start = (name: ProcessName) => {
    // Three processes cannot share one metrics port: api, streaming and worker take
    // METRICS_PORT, METRICS_PORT+1 and METRICS_PORT+2.
    const metricsPort = config.metrics.port
      ? { METRICS_PORT: String(config.metrics.port + PROCESSES.indexOf(name)) }
      : {};
    const child = fork(join(__dirname, '..', '..', name, 'src', 'main.js'), [], {
      env: { ...process.env, ...metricsPort, DB_MIGRATE_ON_BOOT: 'false' },
      execArgv: childExecArgv(process.execArgv, process.env.NODE_OPTIONS),
      stdio: 'inherit',
    });
    children.set(name, child);
    logger.info({ child: name, pid: child.pid }, `${name} started (pid ${child.pid})`);
    child.on('exit', (code, signal) => {
      children.delete(name);
      if (stopping) return exitWhenAllGone();
      const now = Date.now();
      const recent = [...crashes.get(name)!, now].filter(
        (at) => now - at < config.launcher.restartWindowMs,
      );
      crashes.set(name, recent);
      const decision = restartDecision(recent.length, config.launcher);
      const how = signal ?? `code ${code}`;
      if (decision.stop) {
        logger.fatal(
          { child: name, exit: how, crashes: recent.length },
          `${name} exited (${how}) ${recent.length} times within ${config.launcher.restartWindowMs / 1000} s; ` +
            'stopping all processes: fix the cause (see the log lines above), then start again',
        );
        exitCode = 1;
        stopAll('SIGTERM');
        return;
      }
      logger.error(
        { child: name, exit: how, restartInMs: decision.delayMs },
        `${name} exited (${how}); restarting it in ${decision.delayMs} ms, the others keep serving`,
      );
      const timer = setTimeout(() => {
        pendingRestarts.delete(timer);
        if (!stopping) start(name);
      }, decision.delayMs);
      pendingRestarts.add(timer);
    });
  };

  for (const name of PROCESSES) start(name);
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  process.on('SIGINT', () => stopAll('SIGINT'));
}

/** Creates and migrates the database in a child (migrate.ts), which exits when done. */
function migrateInChild(): Promise<MigrationReport> {
  return new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'migrate.js'), [], { stdio: 'inherit' });
    let report: MigrationReport | undefined;
    child.once('message', (message) => (report = message as MigrationReport));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (report) resolve(report);
      else reject(new Error(`the migration process exited (code ${code}) without a report`));
    });
  });
}

main().catch((error) => {
  process.stderr.write(
    `Nestodon failed to start: ${error instanceof Error ? error.message : error}\n`,
  );
  process.exit(1);
});
