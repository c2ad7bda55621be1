import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { AppConfig, ConfigModule } from '@nestodon/config';
import { DatabaseModule, HealthService, RedisModule } from '@nestodon/platform';
import { createTestEnvironment, TestEnvironment } from '@nestodon/testing';

describe('HealthService', () => {
  let environment: TestEnvironment;

  beforeAll(async () => {
    environment = await createTestEnvironment();
  });
  afterAll(() => environment.teardown());

  async function boot(config: AppConfig): Promise<INestApplicationContext> {
    const moduleRef = await Test.createTestingModule({
      imports: [ConfigModule.forRoot(config), DatabaseModule, RedisModule],
      providers: [HealthService],
    }).compile();
    return moduleRef.init();
  }

  it('is ready when PostgreSQL, Redis and the extra checks answer', async () => {
    const app = await boot(environment.config);
    try {
      const health = app.get(HealthService);
      expect(await health.readiness({ extra: () => Promise.resolve() })).toEqual({
        ready: true,
        checks: { postgres: true, redis: true, extra: true },
      });
      expect(await health.readiness({ broken: () => Promise.reject(new Error('down')) })).toEqual({
        ready: false,
        checks: { postgres: true, redis: true, broken: false },
      });
    } finally {
      await app.close();
    }
  });

  it('is not ready while Redis does not answer', async () => {
    // Nothing listens on port 1: a real client that cannot reach its server.
    const config = {
      ...environment.config,
      redis: { ...environment.config.redis, url: 'redis://127.0.0.1:1/0', namespace: '' },
    };
    const app = await boot(config);
    try {
      const health = app.get(HealthService);
      expect(await health.readiness()).toEqual({
        ready: false,
        checks: { postgres: true, redis: false },
      });
      expect(await health.check()).toEqual({ healthy: false, postgres: true, redis: false });
    } finally {
      await app.close();
    }
  });
});
