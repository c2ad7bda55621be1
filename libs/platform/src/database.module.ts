import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { dataSourceOptions, ENTITIES } from '@nestodon/domain';

/** TypeORM connected with the configured URL; repositories of every entity are injectable. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...dataSourceOptions({ url: config.database.url, poolSize: config.database.poolSize }),
        migrationsRun: false,
      }),
    }),
    TypeOrmModule.forFeature(ENTITIES),
  ],
  exports: [TypeOrmModule],
})
export class DatabaseModule {}
