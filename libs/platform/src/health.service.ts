import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RedisService } from './redis.service';

export interface HealthReport {
  healthy: boolean;
  postgres: boolean;
  redis: boolean;
}

const withTimeout = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);

@Injectable()
export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly redis: RedisService,
  ) {}

  async check(): Promise<HealthReport> {
    const [postgres, redis] = await Promise.all([
      withTimeout(this.dataSource.query('SELECT 1'), 2000).then(
        () => true,
        () => false,
      ),
      withTimeout(this.redis.client.ping(), 2000).then(
        (pong) => pong === 'PONG',
        () => false,
      ),
    ]);
    return { healthy: postgres && redis, postgres, redis };
  }
}
