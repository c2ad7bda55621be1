import { Injectable } from '@nestjs/common';
import { RaceConditionError } from '@nestodon/domain';
import { ExpiringStore } from '@nestodon/platform';

const TTL_MS = 3600 * 1000;
const LOCK_MS = 15_000;
const WAIT_STEP_MS = 100;
const WAIT_MS = 5_000;

/**
 * Idempotency-Key support for posting: the same key from the same account within an hour
 * answers with what the first request created. A short lock makes concurrent duplicates wait
 * for the first one instead of posting twice.
 */
@Injectable()
export class IdempotencyStore {
  constructor(private readonly store: ExpiringStore) {}

  private key(accountId: string, idempotencyKey: string): string {
    return `idempotency:statuses:${accountId}:${idempotencyKey}`;
  }

  /**
   * Runs `create` once per key: a concurrent request with the same key waits for the first and
   * gets its result (`existing`), or a 503 when it takes too long. `existing` is also asked
   * when the store remembers nothing (null), so a caller that records the key in its own
   * transaction finds a result whose process died before `remember` reached the store.
   */
  async once<T>(
    accountId: string,
    idempotencyKey: string,
    existing: (remembered: string | null) => Promise<T | null>,
    create: () => Promise<{ result: T; remember: string }>,
  ): Promise<T> {
    const key = this.key(accountId, idempotencyKey);
    const lock = `${key}:lock`;
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = await existing(await this.store.get(key));
      if (found) return found;
      if (await this.store.setIfAbsent(lock, '1', LOCK_MS)) break;
      if (Date.now() > deadline) throw new RaceConditionError();
      await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
    }
    try {
      const found = await existing(await this.store.get(key));
      if (found) return found;
      const { result, remember } = await create();
      await this.store.set(key, remember, TTL_MS);
      return result;
    } finally {
      await this.store.delete(lock);
    }
  }
}
