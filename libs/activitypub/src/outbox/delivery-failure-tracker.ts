import { Injectable } from '@nestjs/common';
import { RedisService } from '@nestodon/platform';

/** Failing on this many different days marks a server unavailable (Mastodon's threshold). */
export const FAILURE_DAYS_THRESHOLD = 7;
/** While unavailable, one delivery per this period goes through to see whether it answers. */
export const PROBE_INTERVAL_SECONDS = 3600;
/** Failure days are forgotten after a month without failures. */
const FAILURE_MEMORY_SECONDS = 30 * 24 * 3600;

const failuresKey = (host: string) => `delivery:failures:${host}`;
const unavailableKey = (host: string) => `delivery:unavailable:${host}`;
const probeKey = (host: string) => `delivery:probe:${host}`;

/**
 * A server's state is reused this long in the process: a post's deliveries to one server (one
 * per inbox there) read Redis once, not once each. Writes here forget it at once; another
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
 * its failures and makes it available again.
 */
@Injectable()
export class DeliveryFailureTracker {
  private readonly recent = new Map<string, { at: number; state: Promise<ServerState> }>();

  constructor(private readonly redis: RedisService) {}

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
  async claimProbe(host: string): Promise<boolean> {
    const set = await this.redis.client.set(
      probeKey(host),
      '1',
      'EX',
      PROBE_INTERVAL_SECONDS,
      'NX',
    );
    return set === 'OK';
  }

  async trackFailure(host: string, at = new Date()): Promise<void> {
    const [, , [, days]] = (await this.redis.client
      .multi()
      .sadd(failuresKey(host), dayOf(at))
      .expire(failuresKey(host), FAILURE_MEMORY_SECONDS)
      .scard(failuresKey(host))
      .exec())!;
    if ((days as number) >= FAILURE_DAYS_THRESHOLD) {
      await this.redis.client.set(unavailableKey(host), '1');
    }
    this.recent.delete(host);
  }

  async trackSuccess(host: string): Promise<void> {
    await this.redis.client.del(failuresKey(host), unavailableKey(host), probeKey(host));
    this.recent.delete(host);
  }

  private async read(host: string): Promise<ServerState> {
    const [[, unavailable], [, failing]] = (await this.redis.client
      .multi()
      .exists(unavailableKey(host))
      .exists(failuresKey(host))
      .exec())!;
    return { unavailable: unavailable === 1, failing: failing === 1 };
  }
}
