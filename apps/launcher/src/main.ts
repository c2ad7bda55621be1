import '@nestodon/config/require-node';
import { ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import { EMBEDDED_DATABASE, loadConfigOrExit } from '@nestodon/config';
import { MIGRATIONS, prepareDatabase } from '@nestodon/domain';
import { createLogger } from '@nestodon/platform';
import {
  EmbeddedDatabase,
  needsEmbeddedPostgres,
  startEmbeddedPostgres,
} from './embedded-postgres';

/**
 * `npm start`: validates configuration, starts the embedded PostgreSQL when no other is
 * configured or answering, creates and migrates the database once, then runs api,
 * streaming and worker as child processes. SIGTERM is passed on; each child drains and exits.
 * If one child dies, the others are stopped too so a supervisor can restart the whole set.
 */
const PROCESSES = ['api', 'streaming', 'worker'] as const;

async function main() {
  let config = loadConfigOrExit();
  const logger = createLogger(config, 'launcher');
  const log = (msg: string) => logger.info(msg);
  let embedded: EmbeddedDatabase | undefined;
  if (await needsEmbeddedPostgres(config)) {
    embedded = await startEmbeddedPostgres(config);
    process.env.DATABASE_URL = embedded.url;
    config = loadConfigOrExit();
    log(
      `no PostgreSQL configured or answering: started the embedded one on 127.0.0.1:${embedded.port} (data in ${EMBEDDED_DATABASE.dataDir})`,
    );
  }
  const migrated = await prepareDatabase(config.database);
  log(migrated.length ? `applied migrations: ${migrated.join(', ')}` : 'database is up to date');
  const { bind, port, streamingPort } = config.http;
  log(
    `serving ${config.instance.baseUrl} on ${bind}:${port}, streaming on ${bind}:${streamingPort}`,
  );
  if (migrated.length === MIGRATIONS.length) {
    log(
      'a new database: create the owner account with ' +
        '`npm run -s cli -- accounts create owner --email you@example.com --role Owner --confirmed`',
    );
  }

  const children = new Map<string, ChildProcess>();
  let stopping = false;
  let exitCode = 0;

  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const child of children.values()) child.kill(signal);
    setTimeout(() => {
      for (const child of children.values()) child.kill('SIGKILL');
    }, config.http.shutdownTimeoutMs + 1500).unref();
  };

  for (const [index, name] of PROCESSES.entries()) {
    // Three processes cannot share one metrics port: api, streaming and worker take
    // METRICS_PORT, METRICS_PORT+1 and METRICS_PORT+2.
    const metricsPort = config.metrics.port
      ? { METRICS_PORT: String(config.metrics.port + index) }
      : {};
    const child = fork(join(__dirname, '..', '..', name, 'src', 'main.js'), [], {
      env: { ...process.env, ...metricsPort, DB_MIGRATE_ON_BOOT: 'false' },
      stdio: 'inherit',
    });
    children.set(name, child);
    child.on('exit', (code, signal) => {
      children.delete(name);
      if (!stopping) {
        log(`${name} exited (${signal ?? code}); stopping the others`);
        exitCode = 1;
        stopAll('SIGTERM');
      }
      if (children.size === 0) {
        const finalCode = exitCode || (code ?? 0);
        void (embedded?.stop() ?? Promise.resolve()).finally(() => process.exit(finalCode));
      }
    });
  }
  process.on('SIGTERM', () => stopAll('SIGTERM'));
  process.on('SIGINT', () => stopAll('SIGINT'));
}

main().catch((error) => {
  process.stderr.write(
    `Nestodon failed to start: ${error instanceof Error ? error.message : error}\n`,
  );
  process.exit(1);
});
