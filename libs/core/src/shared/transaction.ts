import { DataSource, EntityManager } from 'typeorm';

const RETRYABLE = new Set(['40P01', '40001']); // deadlock detected, serialization failure

function pgErrorCode(error: unknown): string | undefined {
  return (error as { driverError?: { code?: string } } | undefined)?.driverError?.code;
}

/**
 * Runs `work` in a transaction, retrying a few times when PostgreSQL aborts it to break a
 * deadlock (two requests changing the same counters at the same instant, e.g. two people
 * following each other).
 */
export async function inRetryingTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      const code = pgErrorCode(error);
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}

/** Whether an error is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}
