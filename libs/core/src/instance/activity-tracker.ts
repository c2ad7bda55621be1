import { Injectable } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';

const WEEK_MS = 7 * 24 * 3600 * 1000;
const RETENTION_WEEKS = 13;

export type ActivityKind = 'statuses' | 'logins' | 'registrations';

export interface WeeklyActivity {
  week: string;
  statuses: string;
  logins: string;
  registrations: string;
}

/** Monday 00:00 UTC of the week containing `time`, in seconds. */
export function weekStart(time: number): number {
  const date = new Date(time);
  const day = (date.getUTCDay() + 6) % 7;
  return Math.floor(
    Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day) / 1000,
  );
}

/**
 * Weekly counters for GET /api/v1/instance/activity, kept in Redis so recording is one command
 * on the write path. Logins count distinct users (HyperLogLog).
 */
@Injectable()
export class ActivityTracker {
  constructor(private readonly redis: RedisService) {}

  async record(kind: ActivityKind, userId?: string, at = Date.now()): Promise<void> {
    const key = `activity:${kind}:${weekStart(at)}`;
    const expireAt = weekStart(at) + RETENTION_WEEKS * 7 * 24 * 3600;
    const pipeline = this.redis.client.pipeline();
    if (kind === 'logins' && userId) pipeline.pfadd(key, userId);
    else pipeline.incr(key);
    pipeline.expireat(key, expireAt);
    await pipeline.exec();
  }

  async lastWeeks(count = 12, now = Date.now()): Promise<WeeklyActivity[]> {
    const weeks = Array.from({ length: count }, (_, i) => weekStart(now - i * WEEK_MS));
    const pipeline = this.redis.client.pipeline();
    for (const week of weeks) {
      pipeline.get(`activity:statuses:${week}`);
      pipeline.pfcount(`activity:logins:${week}`);
      pipeline.get(`activity:registrations:${week}`);
    }
    const results = (await pipeline.exec()) ?? [];
    const value = (index: number) => String(Number(results[index]?.[1] ?? 0));
    return weeks.map((week, i) => ({
      week: String(week),
      statuses: value(i * 3),
      logins: value(i * 3 + 1),
      registrations: value(i * 3 + 2),
    }));
  }
}
