import { DataSource, EntityManager, QueryFailedError } from 'typeorm';

const RETRYABLE = new Set(['40P01', '40001']); // deadlock detected, serialization failure

/**
 * Runs `work` in a transaction, retrying a few times when PostgreSQL aborts it to break a
 * deadlock (two people following each other at the same instant lock the same counters).
 */
export async function inRelationshipTransaction<T>(
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
