import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

/**
 * Reads `.env.<NODE_ENV>` and then `.env` from `directory` into `env`, never replacing a value
 * the real environment already has: the real environment wins, then the file of the
 * environment, then `.env`. NODE_ENV itself comes from the real environment, else from `.env`,
 * else `development`. Returns the files read, in order.
 *
 * Node's own parser (`util.parseEnv`, the syntax of `node --env-file`) reads the files: the
 * runtime is Node 24, and plain `KEY=value` files need no dependency.
 */
export function loadEnvFiles(
  directory: string = process.cwd(),
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  const base = readEnvFile(join(directory, '.env'));
  const nodeEnv = env.NODE_ENV || base?.NODE_ENV || 'development';
  const files = [join(directory, `.env.${nodeEnv}`), join(directory, '.env')];
  const read: string[] = [];
  for (const file of files) {
    const values = file === files[1] ? base : readEnvFile(file);
    if (!values) continue;
    read.push(file);
    for (const [name, value] of Object.entries(values)) {
      if (env[name] === undefined) env[name] = value;
    }
  }
  return read;
}

function readEnvFile(path: string): Record<string, string> | null {
  if (!existsSync(path)) return null;
  return parseEnv(readFileSync(path, 'utf8')) as Record<string, string>;
}
