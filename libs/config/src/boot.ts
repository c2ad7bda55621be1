import { AppConfig, loadConfig } from './app-config';
import { loadEnvFiles } from './env-files';
import { ConfigurationError } from './env.schema';

let envFilesLoaded = false;

/**
 * Loads configuration for an entry point: `.env` files of the working directory first (once per
 * process), then validation; a bad value ends the process with a message naming it.
 */
export function loadConfigOrExit(): AppConfig {
  try {
    if (!envFilesLoaded) {
      loadEnvFiles();
      envFilesLoaded = true;
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
