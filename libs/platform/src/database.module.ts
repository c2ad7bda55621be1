import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { AuthRowChanges, dataSourceOptions, ENTITIES, REPOSITORIES } from '@nestodon/domain';

/**
 * TypeORM connected with the configured URL; repositories of every entity and our own
 * repositories (libs/domain, the only place that holds SQL) are injectable everywhere.
 */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions({
          url: config.database.url,
          poolSize: config.database.poolSize,
          poolTimeoutMs: config.database.poolTimeoutMs,
          replicaUrl: config.database.replicaUrl,
        }),
        migrationsRun: false,
      }),
    }),
    TypeOrmModule.forFeature(ENTITIES),
  ],
  providers: [...REPOSITORIES, AuthRowChanges],
  exports: [TypeOrmModule, ...REPOSITORIES, AuthRowChanges],
})
export class DatabaseModule {}
