import { AppConfig, loadConfig } from './app-config';
import { ConfigurationError } from './env.schema';

/** Loads configuration for an entry point; a bad value ends the process with a message naming it. */
export function loadConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigurationError) {
      process.stderr.write(`${error.message}\nSee the Configuration section of README.md.\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
