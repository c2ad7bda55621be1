import { INestApplication, INestApplicationContext } from '@nestjs/common';
import {
  AccountWithToken,
  createAccountWithToken,
  createTestEnvironment,
  freePort,
  TestEnvironment,
} from '@nestodon/testing';
import { createWorkerApp } from '@nestodon/worker';
import { DeepPartial, DataSource } from 'typeorm';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { Account } from '@nestodon/domain';
import { createApiApp } from '../../src/bootstrap';

/**
 * A whole Nestodon instance on loopback for federation tests: its own database, Redis
 * namespace and domain (`127.0.0.1:<port>`, plain http), an api serving that port and a worker
 * taking its queued jobs (deliveries and inbound activities) through BullMQ, as in production.
 */
export interface FederatedInstance {
  /** The handle domain, `127.0.0.1:<port>`. */
  domain: string;
  /** supertest against the api. */
  http: TestAgent;
  dataSource: DataSource;
  /** A confirmed local user with a token of all scopes. */
  user(username: string, attributes?: DeepPartial<Account>): Promise<AccountWithToken>;
  close(): Promise<void>;
}

export async function startFederatedInstance(): Promise<FederatedInstance> {
  const port = await freePort();
  const domain = `127.0.0.1:${port}`;
  const environment: TestEnvironment = await createTestEnvironment({
    env: { LOCAL_DOMAIN: domain, LOCAL_HTTPS: 'false' },
  });
  let worker: INestApplicationContext | undefined;
  let api: INestApplication | undefined;
  try {
    worker = await createWorkerApp(environment.config);
    await worker.init();
    api = await createApiApp(environment.config);
    await api.listen(port, '127.0.0.1');
  } catch (error) {
    await api?.close();
    await worker?.close();
    await environment.teardown();
    throw error;
  }
  const dataSource = api.get(DataSource);
  return {
    domain,
    http: request(`http://${domain}`),
    dataSource,
    user: (username, attributes = {}) =>
      createAccountWithToken(dataSource, { username, ...attributes }),
    close: async () => {
      await api!.close();
      await worker!.close();
      await environment.teardown();
    },
  };
}
