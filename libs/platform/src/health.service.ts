import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { DataSource } from 'typeorm';
import { RedisService } from './redis.service';

/** GET /health on the api (kept as it was: load balancers and scripts read it). */
export interface HealthReport {
  healthy: boolean;
  postgres: boolean;
  /** Absent when the instance runs without Redis. */
  redis?: boolean;
}

/** GET /health/ready of every process: each dependency it needs, and whether all answer. */
export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, boolean>;
}

/** A dependency check: resolves when the dependency answers, rejects or hangs when not. */
export type DependencyCheck = () => Promise<unknown>;

const CHECK_TIMEOUT_MS = 2000;

const answers = (check: DependencyCheck): Promise<boolean> =>
  Promise.race([
    check().then(() => true),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref(),
    ),
  ]).catch(() => false);

/**
 * Whether the process's dependencies answer: PostgreSQL and Redis (unless the instance runs
 * without it: then PostgreSQL serves Redis's duties too), plus any of its own.
 */
@Injectable()
export class HealthService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly redis: RedisService,
  ) {}

  async check(): Promise<HealthReport> {
    const { ready, checks } = await this.readiness();
    return {
      healthy: ready,
      postgres: checks.postgres,
      ...('redis' in checks ? { redis: checks.redis } : {}),
    };
  }

  /** PostgreSQL, Redis and `extra` (e.g. the streaming process's subscriber), checked at once. */
  async readiness(extra: Record<string, DependencyCheck> = {}): Promise<ReadinessReport> {
    const all: Record<string, DependencyCheck> = {
      postgres: () => this.dataSource.query('SELECT 1'),
      ...(this.config.redis.enabled
        ? {
            redis: async () => {
              if ((await this.redis.client.ping()) !== 'PONG') throw new Error('unexpected answer');
            },
          }
        : {}),
      ...extra,
    };
    const names = Object.keys(all);
    const results = await Promise.all(names.map((name) => answers(all[name])));
    const checks = Object.fromEntries(names.map((name, index) => [name, results[index]]));
    return { ready: results.every(Boolean), checks };
  }
}
