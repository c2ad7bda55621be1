import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { InstanceCounts, InstanceStatsRepository, Rule } from '@nestodon/domain';
import { IsNull, Repository } from 'typeorm';

const CACHE_MS = 60_000;

interface Cached<T> {
  value: T;
  expiresAt: number;
}

/**
 * What instance information needs from the database, cached for a minute per process: it is
 * read on every client start and changes rarely.
 */
@Injectable()
export class InstanceInfoService {
  private counts?: Cached<Promise<InstanceCounts>>;
  private rules?: Cached<Promise<Rule[]>>;

  constructor(
    private readonly stats: InstanceStatsRepository,
    @InjectRepository(Rule) private readonly ruleRepository: Repository<Rule>,
  ) {}

  getCounts(): Promise<InstanceCounts> {
    this.counts = this.fresh(this.counts, () => this.stats.counts());
    return this.counts.value;
  }

  getRules(): Promise<Rule[]> {
    this.rules = this.fresh(this.rules, () =>
      this.ruleRepository.find({
        where: { deletedAt: IsNull() },
        order: { priority: 'ASC', id: 'ASC' },
      }),
    );
    return this.rules.value;
  }

  getPeers(): Promise<string[]> {
    return this.stats.peers();
  }

  /** Forget cached values (after an admin edits rules, and in tests). */
  invalidate(): void {
    this.counts = undefined;
    this.rules = undefined;
  }

  private fresh<T>(
    entry: Cached<Promise<T>> | undefined,
    load: () => Promise<T>,
  ): Cached<Promise<T>> {
    if (entry && entry.expiresAt > Date.now()) return entry;
    const next = { value: load(), expiresAt: Date.now() + CACHE_MS };
    next.value.catch(() => (next.expiresAt = 0)); // a failed load is not cached
    return next;
  }
}
