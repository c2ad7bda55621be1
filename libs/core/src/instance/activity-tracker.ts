import { Injectable } from '@nestjs/common';
import { Counters } from '@nestodon/platform';

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
 * Weekly counters for GET /api/v1/instance/activity, kept in `Counters` (Redis, or PostgreSQL
 * without it) so recording is one command on the write path. Logins count distinct users.
 */
@Injectable()
export class ActivityTracker {
  constructor(private readonly counters: Counters) {}

  async record(kind: ActivityKind, userId?: string, at = Date.now()): Promise<void> {
    const key = `activity:${kind}:${weekStart(at)}`;
    const expiresAt = (weekStart(at) + RETENTION_WEEKS * 7 * 24 * 3600) * 1000;
    if (kind === 'logins' && userId) await this.counters.addDistinct(key, userId, expiresAt);
    else await this.counters.increment(key, expiresAt);
  }

  async lastWeeks(count = 12, now = Date.now()): Promise<WeeklyActivity[]> {
    const weeks = Array.from({ length: count }, (_, i) => weekStart(now - i * WEEK_MS));
    const [statuses, logins, registrations] = await Promise.all([
      this.counters.counts(weeks.map((week) => `activity:statuses:${week}`)),
      this.counters.distinctCounts(weeks.map((week) => `activity:logins:${week}`)),
      this.counters.counts(weeks.map((week) => `activity:registrations:${week}`)),
    ]);
    return weeks.map((week, i) => ({
      week: String(week),
      statuses: String(statuses[i]),
      logins: String(logins[i]),
      registrations: String(registrations[i]),
    }));
  }
}
