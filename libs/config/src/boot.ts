import { AppConfig, loadConfig } from './app-config';
import { runningEmbeddedDatabaseUrl } from './embedded-database';
import { loadEnvFiles } from './env-files';
import { ConfigurationError } from './env.schema';

let envFilesLoaded = false;

/**
 * Loads configuration for an entry point: `.env` files of the working directory first (once per
 * process), then validation; a bad value ends the process with a message naming it. Without
 * DATABASE_URL, a running embedded PostgreSQL of this directory is the database (see
 * embedded-database.ts), so the CLI reaches the one `npm start` runs.
 */
export function loadConfigOrExit(): AppConfig {
  try {
    if (!envFilesLoaded) {
      loadEnvFiles();
      envFilesLoaded = true;
    }
    if (!process.env.DATABASE_URL) {
      const embedded = runningEmbeddedDatabaseUrl(process.env.NODE_ENV || 'development');
      if (embedded) process.env.DATABASE_URL = embedded;
    }
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      process.stderr.write(`${error.message}\nSee the Configuration section of README.md.\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
