import { DynamicModule, INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AppConfig, ConfigModule } from '@nestodon/config';
import { CoreModule } from '@nestodon/core';
import { DatabaseModule, RedisModule, resolveRedisUse } from '@nestodon/platform';
import { PubSubModule } from '@nestodon/pubsub';
import { QueueModule } from '@nestodon/queue';
import { SerializersModule } from '@nestodon/serializers';

/** What the CLI boots to run a command: the use cases, database, Redis and queues; no HTTP. */
@Module({})
export class CliModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: CliModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        RedisModule,
        QueueModule,
        PubSubModule,
        CoreModule,
        SerializersModule,
      ],
    };
  }
}

/** How commands reach the configuration, the application and the terminal; tests provide their own. */
export interface CliRuntime {
  /** The validated configuration (read when a command first needs it, so `--help` needs none). */
  config(): AppConfig;
  /** Runs `fn` with a booted application context, closed afterwards. */
  withContext<T>(fn: (app: INestApplicationContext) => Promise<T>): Promise<T>;
  /** Writes one line to standard output. */
  print(line: string): void;
}

export function processRuntime(config: () => AppConfig): CliRuntime {
  let settled: Promise<AppConfig> | undefined;
  return {
    config,
    async withContext(fn) {
      // USE_REDIS=auto is settled when a command first needs the application, as at a boot.
      settled ??= resolveRedisUse(config());
      const app = await NestFactory.createApplicationContext(CliModule.forRoot(await settled), {
        logger: ['error'],
        abortOnError: false,
      });
      try {
        return await fn(app);
      } finally {
        await app.close();
      }
    },
    print: (line) => process.stdout.write(`${line}\n`),
  };
}
