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
  constructor(private readonly redis: RedisService) {}

  /** Whether the server is marked unavailable, and whether it has failures on record. */
  async state(host: string): Promise<{ unavailable: boolean; failing: boolean }> {
    const [[, unavailable], [, failing]] = (await this.redis.client
      .multi()
      .exists(unavailableKey(host))
      .exists(failuresKey(host))
      .exec())!;
    return { unavailable: unavailable === 1, failing: failing === 1 };
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
  }

  async trackSuccess(host: string): Promise<void> {
    await this.redis.client.del(failuresKey(host), unavailableKey(host), probeKey(host));
  }
}
