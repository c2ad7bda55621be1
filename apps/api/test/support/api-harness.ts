import { INestApplication } from '@nestjs/common';
import {
  createTestEnvironment,
  listen,
  RunningApp,
  TestEnvironment,
  TestEnvironmentOptions,
} from '@nestodon/testing';
import { AppConfig } from '@nestodon/config';
import { JobProcessorsModule } from '@nestodon/worker';
import { DataSource } from 'typeorm';
import { createApiApp } from '../../src/bootstrap';

export interface ApiHarness extends RunningApp {
  config: AppConfig;
  dataSource: DataSource;
}

/**
 * Boots the api over HTTP on its own database and Redis namespace. With `inlineJobs`, jobs run
 * in this process through the worker's job processors, so a request's effects are complete
 * when it returns.
 */
export async function startApi(options: TestEnvironmentOptions = {}): Promise<ApiHarness> {
  const environment = await createTestEnvironment(options);
  const app = await createApiApp(environment.config, {
    jobProcessors: options.inlineJobs ? JobProcessorsModule : undefined,
  });
  return serveHarness(app, environment);
}

/** Serves `app` over HTTP; closing stops it and tears its test environment down. */
export async function serveHarness(
  app: INestApplication,
  environment: TestEnvironment,
): Promise<ApiHarness> {
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
