import { AppConfig } from '@nestodon/config';
import { dataSourceOptions } from '@nestodon/domain';
import { AbstractLogger, DataSource, LogLevel, LogMessage } from 'typeorm';
import { createTestEnvironment, TestEnvironment } from './test-environment';

/** Counts every query TypeORM sends. */
class CountingLogger extends AbstractLogger {
  queries: string[] = [];
  override logQuery(query: string): void {
    this.queries.push(query);
  }
  protected writeLog(_level: LogLevel, _message: LogMessage | LogMessage[]): void {}
}

export interface QueryCountingDatabase {
  env: TestEnvironment;
  config: AppConfig;
  /** A data source on the test database (pool of 2) whose queries are counted. */
  dataSource: DataSource;
  /** How many queries the data source sends while `run` runs. */
  countQueries(run: () => Promise<unknown>): Promise<number>;
  /** Closes the data source and tears the environment down. */
  teardown(): Promise<void>;
}

/** A fresh test environment and a counting data source on its database, for N+1 tests. */
export async function createQueryCountingDatabase(): Promise<QueryCountingDatabase> {
  const env = await createTestEnvironment();
  const logger = new CountingLogger();
  const dataSource = new DataSource({
    ...dataSourceOptions({ url: env.config.database.url, poolSize: 2 }),
    logging: ['query'],
    logger,
  });
  await dataSource.initialize();
  return {
    env,
    config: env.config,
    dataSource,
    async countQueries(run) {
      logger.queries = [];
      await run();
      return logger.queries.length;
    },
    async teardown() {
      await dataSource.destroy();
      await env.teardown();
    },
  };
}
