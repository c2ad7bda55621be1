import { createApiApp } from '@nestodon/api';
import { AppConfig } from '@nestodon/config';
import { JobName, JobQueue } from '@nestodon/queue';
import {
  createTestEnvironment,
  listen,
  RunningApp,
  TestEnvironmentOptions,
} from '@nestodon/testing';
import { JobProcessorsModule } from '@nestodon/worker';
import { DataSource } from 'typeorm';
import { createStreamingApp } from '../../src/bootstrap';
import { StreamHub } from '../../src/delivery/stream-hub.service';
import { StreamingOptions } from '../../src/delivery/streaming-options';

export interface StreamingApi extends RunningApp {
  config: AppConfig;
  dataSource: DataSource;
}

export interface StreamingWorld {
  /** The api, running jobs inline: a request's fan-out has published when it returns. */
  api: StreamingApi;
  /** Streaming processes on the api's database and Redis namespace. */
  replicas: RunningApp[];
  streaming: RunningApp;
  /** Fans out a status written directly to the database (remote authors, crafted rows). */
  distribute(statusId: string): Promise<void>;
  close(): Promise<void>;
}

export async function startStreamingWorld(
  options: TestEnvironmentOptions & {
    replicas?: number;
    streaming?: Partial<StreamingOptions>;
  } = {},
): Promise<StreamingWorld> {
  const environment = await createTestEnvironment({ ...options, inlineJobs: true });
  const running = await listen(
    await createApiApp(environment.config, { jobProcessors: JobProcessorsModule }),
  );
  const api: StreamingApi = {
    ...running,
    config: environment.config,
    dataSource: running.app.get(DataSource),
  };
  const replicas: RunningApp[] = [];
  for (let i = 0; i < (options.replicas ?? 1); i++) {
    replicas.push(
      await listen(
        await createStreamingApp(api.config, { heartbeatMs: 200, ...options.streaming }),
      ),
    );
  }
  return {
    api,
    replicas,
    streaming: replicas[0],
    distribute: (statusId) => api.app.get(JobQueue).enqueue(JobName.DistributeStatus, { statusId }),
    async close() {
      for (const replica of replicas) await replica.close().catch(() => undefined);
      await running.close();
      await environment.teardown();
    },
  };
}

/** Posts a status through the API and returns its id. */
export async function post(
  world: StreamingWorld,
  auth: string,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await world.api.http
    .post('/api/v1/statuses')
    .set('Authorization', auth)
    .send(body)
    .expect(200);
  return res.body.id as string;
}

/** Waits until `count` subscriptions (or more) of the replica listen to the channel; 0: none. */
export async function listening(replica: RunningApp, channel: string, count = 1): Promise<void> {
  const hub = replica.app.get(StreamHub);
  const done = () => (count === 0 ? hub.listeners(channel) === 0 : hub.listeners(channel) >= count);
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 20_000) throw new Error(`${channel} has ${hub.listeners(channel)} listeners`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
