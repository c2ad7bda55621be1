import { EphemeralStateRepository } from '@nestodon/domain';
import { Counters } from './counters';

/**
 * Counters in `ephemeral_values` (one upsert per increment), distinct counts as rows of
 * `ephemeral_set_members` (exact, where Redis estimates), for instances without Redis.
 */
export class PostgresCounters extends Counters {
  constructor(private readonly state: EphemeralStateRepository) {
    super();
  }

  increment(key: string, expiresAt: number): Promise<number> {
    return this.state.increment(key, new Date(expiresAt));
  }

  async counts(keys: readonly string[]): Promise<number[]> {
    const values = await this.state.values(keys);
    return keys.map((key) => Number(values.get(key) ?? 0));
  }

  addDistinct(key: string, member: string, expiresAt: number): Promise<void> {
    return this.state.addMember(key, member, new Date(expiresAt));
  }

  async distinctCounts(keys: readonly string[]): Promise<number[]> {
    const counts = await this.state.memberCounts(keys);
    return keys.map((key) => counts.get(key) ?? 0);
  }

  async delete(...keys: string[]): Promise<void> {
    await Promise.all([this.state.deleteValues(keys), this.state.deleteSets(keys)]);
  }
}
