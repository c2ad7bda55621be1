import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ConfigModule } from '@nestodon/config';
import { CoreModule } from '@nestodon/core';
import { DatabaseModule, RedisModule } from '@nestodon/platform';
import { PubSubModule } from '@nestodon/pubsub';
import { QueueModule } from '@nestodon/queue';
import { SerializersModule } from '@nestodon/serializers';
import { createTestEnvironment, TestEnvironment, TestEnvironmentOptions } from '@nestodon/testing';
import { DataSource } from 'typeorm';

export interface CoreContext {
  app: INestApplicationContext;
  environment: TestEnvironment;
  dataSource: DataSource;
  close(): Promise<void>;
}

/** The core services on a test database and Redis namespace, without HTTP. */
export async function startCore(options: TestEnvironmentOptions = {}): Promise<CoreContext> {
  const environment = await createTestEnvironment(options);
  const moduleRef = await Test.createTestingModule({
    imports: [
      ConfigModule.forRoot(environment.config),
      DatabaseModule,
      RedisModule,
      QueueModule,
      PubSubModule,
      CoreModule,
      SerializersModule,
    ],
  }).compile();
  const app = await moduleRef.init();
  return {
    app,
    environment,
    dataSource: app.get(DataSource),
    close: async () => {
      await app.close();
      await environment.teardown();
    },
  };
}
