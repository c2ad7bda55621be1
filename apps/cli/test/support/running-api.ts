import { AppConfig } from '@nestodon/config';
import { createApiApp } from '@nestodon/api';
import {
  createTestEnvironment,
  listen,
  RunningApp,
  TestEnvironmentOptions,
} from '@nestodon/testing';
import { JobProcessorsModule } from '@nestodon/worker';
import { DataSource } from 'typeorm';

export interface RunningApi extends RunningApp {
  config: AppConfig;
  dataSource: DataSource;
}

/**
 * A running api (jobs inline, through the worker's processors) on its own test environment:
 * what the CLI changes beside it, as on a server where both run.
 */
export async function startApiBeside(options: TestEnvironmentOptions = {}): Promise<RunningApi> {
  const environment = await createTestEnvironment({ ...options, inlineJobs: true });
  const app = await createApiApp(environment.config, { jobProcessors: JobProcessorsModule });
  const running = await listen(app);
  return {
    ...running,
    config: environment.config,
    dataSource: app.get(DataSource),
    close: async () => {
      await running.close();
      await environment.teardown();
    },
  };
}
