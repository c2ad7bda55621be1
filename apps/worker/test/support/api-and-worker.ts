import { INestApplicationContext } from '@nestjs/common';
import { createApiApp } from '@nestodon/api';
import {
  createTestEnvironment,
  listen,
  RunningApp,
  TestEnvironment,
  TestEnvironmentOptions,
} from '@nestodon/testing';
import { createWorkerApp } from '../../src/bootstrap';

export interface ApiAndWorker {
  environment: TestEnvironment;
  /** The api over HTTP; it enqueues jobs. */
  api: RunningApp;
  /** The worker, taking the api's jobs from the queue as in production. */
  worker: INestApplicationContext;
  /** Closes the api, then the worker, then tears the environment down. */
  close(): Promise<void>;
}

/** Boots a worker and an api on one database and Redis namespace (one test environment). */
export async function startApiAndWorker(
  options: TestEnvironmentOptions = {},
): Promise<ApiAndWorker> {
  const environment = await createTestEnvironment(options);
  let worker: INestApplicationContext | undefined;
  let api: RunningApp;
  try {
    worker = await createWorkerApp(environment.config);
    await worker.init();
    api = await listen(await createApiApp(environment.config));
  } catch (error) {
    // A failed boot would otherwise leave the worker's connections and the database behind.
    await worker?.close();
    await environment.teardown();
    throw error;
  }
  const bootedWorker = worker;
  return {
    environment,
    api,
    worker: bootedWorker,
    close: async () => {
      await api.close();
      await bootedWorker.close();
      await environment.teardown();
    },
  };
}
