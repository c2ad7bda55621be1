import { DataSource, EntityManager, QueryFailedError } from 'typeorm';

const RETRYABLE = new Set(['40P01', '40001']); // deadlock detected, serialization failure

/**
 * Runs `work` in a transaction, retrying when PostgreSQL aborts it to break a deadlock (two
 * requests changing the same counters at the same instant).
 */
export async function inStatusTransaction<T>(
  dataSource: DataSource,
  work: (manager: EntityManager) => Promise<T>,
  attempts = 3,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await dataSource.transaction(work);
    } catch (error) {
      const code = (error as QueryFailedError & { driverError?: { code?: string } }).driverError
        ?.code;
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
    }
  }
}

/** Whether an error is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { driverError?: { code?: string } })?.driverError?.code === '23505';
}
