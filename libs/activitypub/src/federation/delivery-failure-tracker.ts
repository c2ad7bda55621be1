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

/**
 * A server's state is reused this long in the process: a post's deliveries to one server (one
 * per inbox there) read the store once, not once each. Writes here forget it at once; another
 * process's reach this one within this time.
 */
const STATE_REUSE_MS = 1000;
/** Servers whose state is kept at most (a flood of hosts must not grow the map without end). */
const MAX_REMEMBERED_HOSTS = 10_000;

export interface ServerState {
  unavailable: boolean;
  failing: boolean;
}

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
  private readonly recent = new Map<string, { at: number; state: Promise<ServerState> }>();

  constructor(
    private readonly counters: Counters,
    private readonly marks: ExpiringStore,
  ) {}

  /** Whether the server is marked unavailable, and whether it has failures on record. */
  state(host: string): Promise<ServerState> {
    const now = Date.now();
    const known = this.recent.get(host);
    if (known && now - known.at < STATE_REUSE_MS) return known.state;
    if (this.recent.size >= MAX_REMEMBERED_HOSTS) this.recent.clear();
    const state = this.read(host);
    this.recent.set(host, { at: now, state });
    state.catch(() => this.recent.delete(host));
    return state;
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
    this.recent.delete(host);
  }

  async trackSuccess(host: string): Promise<void> {
    await Promise.all([
      this.counters.delete(failureDaysKey(host)),
      this.marks.delete(unavailableKey(host), probeKey(host)),
    ]);
    this.recent.delete(host);
  }

  private async read(host: string): Promise<ServerState> {
    const [unavailable, [days]] = await Promise.all([
      this.marks.get(unavailableKey(host)),
      this.counters.distinctCounts([failureDaysKey(host)]),
    ]);
    return { unavailable: unavailable !== null, failing: days > 0 };
  }
}
