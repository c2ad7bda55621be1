import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

/**
 * A transaction in progress. Core services receive one from `TransactionRunner.run` and hand it
 * to repository methods (their last parameter); they never touch it otherwise. Repository
 * methods called without one run on the pool.
 */
export type Transaction = EntityManager;

const RETRYABLE = new Set(['40P01', '40001']); // deadlock detected, serialization failure

function pgErrorCode(error: unknown): string | undefined {
  return (error as { driverError?: { code?: string } } | undefined)?.driverError?.code;
}

/** Whether an error is PostgreSQL's unique violation. */
export function isUniqueViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23505';
}

/** Whether an error is PostgreSQL's foreign key violation (a referenced row is gone). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgErrorCode(error) === '23503';
}

/** Opens transactions for core services, which may not hold a DataSource themselves. */
@Injectable()
export class TransactionRunner {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Runs `work` in a transaction, retrying a few times when PostgreSQL aborts it to break a
   * deadlock (two requests changing the same counters at the same instant, e.g. two people
   * following each other). `work` must be safe to run again.
   */
  async run<T>(work: (tx: Transaction) => Promise<T>, attempts = 3): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.dataSource.transaction(work);
      } catch (error) {
        const code = pgErrorCode(error);
        if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw error;
      }
    }
  }
}
