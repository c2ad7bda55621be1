import type { BackoffStrategy } from 'bullmq';
import type { EnqueueOptions } from './job-backend';

/** The backoff type of deliveries, computed by `backoffStrategy` in the worker. */
export const FEDERATION_BACKOFF = 'federation';

/** Mastodon's ActivityPub::DeliveryWorker: the first try and 16 retries. */
const DELIVERY_RETRIES = 16;

/**
 * How long before retry `retry` (0 for the first) of a delivery, as Mastodon's delivery worker
 * waits: Sidekiq's `retry⁴ + 15` seconds, its jitter `rand(10) × (retry + 1)`, and Mastodon's
 * own `rand(retry⁴ / 2)`. The sixteen waits add up to about two and a half days.
 */
export function federationRetryDelayMs(retry: number, random: () => number = Math.random): number {
  const quartic = retry ** 4;
  const seconds = quartic + 15 + Math.floor(random() * 10) * (retry + 1) + random() * 0.5 * quartic;
  return Math.round(seconds * 1000);
}

/** Job options of a delivery: retried over days, then dropped (Mastodon's `dead: false`). */
export const DELIVERY_JOB_OPTIONS: EnqueueOptions = {
  attempts: DELIVERY_RETRIES + 1,
  backoff: { type: FEDERATION_BACKOFF },
  discardWhenDone: true,
};

/** BullMQ workers' custom backoffs (BullMQ computes its built-in ones itself). */
export const backoffStrategy: BackoffStrategy = (attemptsMade, type) =>
  type === FEDERATION_BACKOFF ? federationRetryDelayMs(attemptsMade - 1) : 0;
