import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';

export interface RunningApp {
  app: INestApplication;
  /** supertest against the app listening on an ephemeral port (real HTTP). */
  http: TestAgent;
  url: string;
  close(): Promise<void>;
}

/** Starts a built Nest application on 127.0.0.1 and an ephemeral port. */
export async function listen(app: INestApplication): Promise<RunningApp> {
  await app.listen(0, '127.0.0.1');
  const url = await app.getUrl();
  const normalized = url.replace('[::1]', '127.0.0.1');
  return {
    app,
    http: request(normalized),
    url: normalized,
    close: () => app.close(),
  };
}
