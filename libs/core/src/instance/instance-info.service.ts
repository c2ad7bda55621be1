import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, InstanceCounts, InstanceStatsRepository, Rule } from '@nestodon/domain';
import { AccountJson, AccountPresenter } from '@nestodon/serializers';
import { IsNull, Raw, Repository } from 'typeorm';

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
  private contact?: Cached<Promise<AccountJson | null>>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly stats: InstanceStatsRepository,
    private readonly accounts: AccountPresenter,
    @InjectRepository(Rule) private readonly ruleRepository: Repository<Rule>,
    @InjectRepository(Account) private readonly accountRepository: Repository<Account>,
  ) {}

  /** Everything GET /api/v1/instance and /api/v2/instance show besides configuration. */
  async snapshot(): Promise<{
    counts: InstanceCounts;
    rules: Rule[];
    contactAccount: AccountJson | null;
  }> {
    const [counts, rules, contactAccount] = await Promise.all([
      this.getCounts(),
      this.getRules(),
      this.getContactAccount(),
    ]);
    return { counts, rules, contactAccount };
  }

  /** The local account named by INSTANCE_CONTACT_ACCOUNT, presented as an Account. */
  getContactAccount(): Promise<AccountJson | null> {
    const username = this.config.instance.contactAccount;
    if (!username) return Promise.resolve(null);
    this.contact = this.fresh(this.contact, async () => {
      const account = await this.accountRepository.findOneBy({
        username: Raw((column) => `lower(${column}) = lower(:username)`, { username }),
        domain: IsNull(),
      });
      return account ? this.accounts.present(account) : null;
    });
    return this.contact.value;
  }

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
    this.contact = undefined;
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
