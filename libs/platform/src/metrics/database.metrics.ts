import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import type { Pool, PoolClient } from 'pg';
import { Histogram } from 'prom-client';
import { DataSource } from 'typeorm';
import { Metrics } from './metrics.service';

const TIMED = Symbol('nestodon:timed-query');

/** `select`, `insert`, … from the SQL text: a label of a handful of values. */
export function statementKind(text: unknown): string {
  const match = typeof text === 'string' ? /^\s*(?:\/\*.*?\*\/\s*)?([a-z]+)/is.exec(text) : null;
  const word = match?.[1].toLowerCase();
  switch (word) {
    case 'select':
    case 'insert':
    case 'update':
    case 'delete':
    case 'with':
      return word;
    case 'start':
    case 'begin':
    case 'commit':
    case 'rollback':
    case 'savepoint':
    case 'release':
      return 'transaction';
    default:
      return 'other';
  }
}

type QueryFunction = (...args: unknown[]) => unknown;

/** Wraps a pg `query` (promise or callback form) so that each query's time is observed. */
function timedQuery(original: QueryFunction, histogram: Histogram<'statement'>): QueryFunction {
  return function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: unknown } | undefined;
    const text = typeof first === 'string' ? first : first?.text;
    const timer = histogram.startTimer({ statement: statementKind(text) });
    const end = () => void timer();
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (...result: unknown[]) => {
        end();
        return (callback as QueryFunction)(...result);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    if (result && typeof result.then === 'function') result.then(end, end);
    else end();
    return result;
  };
}

/**
 * PostgreSQL metrics of the process's pool: connections in use, idle and awaited (read at
 * scrape time) and the time of every query by statement kind (each pool client's `query` is
 * wrapped the first time it is checked out, so TypeORM and the prepared hot paths both count).
 */
@Injectable()
export class DatabaseMetrics implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const pool = (this.dataSource.driver as unknown as { master?: Pool }).master;
    if (!pool) return;
    const queries = this.metrics.histogram({
      name: 'nestodon_db_query_duration_seconds',
      help: 'PostgreSQL query time, by statement kind',
      labelNames: ['statement'],
    });
    pool.on('acquire', (client: PoolClient & { [TIMED]?: true }) => {
      if (client[TIMED]) return;
      client[TIMED] = true;
      client.query = timedQuery(client.query as QueryFunction, queries) as PoolClient['query'];
    });
    this.metrics.gauge({
      name: 'nestodon_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in use, idle, requests waiting for one)',
      labelNames: ['state'],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    this.metrics
      .gauge({ name: 'nestodon_db_pool_max', help: 'PostgreSQL pool size (DB_POOL)' })
      .set(this.config.database.poolSize);
  }
}
