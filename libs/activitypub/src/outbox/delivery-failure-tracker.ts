import { Injectable } from '@nestjs/common';
import { Counters, ExpiringStore } from '@nestodon/platform';

/** Failing on this many different days marks a server unavailable (Mastodon's threshold). */
export const FAILURE_DAYS_THRESHOLD = 7;
/** While unavailable, one delivery per this period goes through to see whether it answers. */
export const PROBE_INTERVAL_SECONDS = 3600;
/** Failure days are forgotten after a month without failures. */
const FAILURE_MEMORY_MS = 30 * 24 * 3600 * 1000;

/** Days with failures, a distinct count (kept apart from the SET keys of earlier versions). */
const failureDaysKey = (host: string) => `delivery:failure_days:${host}`;
const unavailableKey = (host: string) => `delivery:unavailable:${host}`;
const probeKey = (host: string) => `delivery:probe:${host}`;

/** The day of a time as a number (20261124), in UTC. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10).replaceAll('-', '');

/**
 * Which servers (host and port of the inbox) are dead, as Mastodon's DeliveryFailureTracker: a
 * failed delivery records the day; failures on FAILURE_DAYS_THRESHOLD different days mark the
 * server unavailable, and deliveries to it stop, but for one probe an hour. Any answer from it
 * (a delivery or probe that reaches it, or an activity it sends us: `trackSuccess`) forgets
 * its failures and makes it available again. Kept in Redis, or PostgreSQL without it.
 */
@Injectable()
export class DeliveryFailureTracker {
  constructor(
    private readonly counters: Counters,
    private readonly marks: ExpiringStore,
  ) {}

  /** Whether the server is marked unavailable, and whether it has failures on record. */
  async state(host: string): Promise<{ unavailable: boolean; failing: boolean }> {
    const [unavailable, [days]] = await Promise.all([
      this.marks.get(unavailableKey(host)),
      this.counters.distinctCounts([failureDaysKey(host)]),
    ]);
    return { unavailable: unavailable !== null, failing: days > 0 };
  }

  /** Whether a delivery to an unavailable server may go through as this period's probe. */
  claimProbe(host: string): Promise<boolean> {
    return this.marks.setIfAbsent(probeKey(host), '1', PROBE_INTERVAL_SECONDS * 1000);
  }

  async trackFailure(host: string, at = new Date()): Promise<void> {
    const key = failureDaysKey(host);
    await this.counters.addDistinct(key, dayOf(at), Date.now() + FAILURE_MEMORY_MS);
    const [days] = await this.counters.distinctCounts([key]);
    if (days >= FAILURE_DAYS_THRESHOLD) await this.marks.set(unavailableKey(host), '1', null);
  }

  async trackSuccess(host: string): Promise<void> {
    await Promise.all([
      this.counters.delete(failureDaysKey(host)),
      this.marks.delete(unavailableKey(host), probeKey(host)),
    ]);
  }
}
