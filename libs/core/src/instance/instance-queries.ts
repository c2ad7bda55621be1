import { Inject, Injectable } from '@nestjs/common';
import { domainToASCII } from 'node:url';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  AccountRepository,
  InstanceCounts,
  InstanceStatsRepository,
  Rule,
  RuleRepository,
} from '@nestodon/domain';
import { AccountJson, AccountPresenter, InstanceRegistrations } from '@nestodon/serializers';
import { CacheInvalidator, CacheTopic } from '../caches/cache-invalidator';
import { SettingsQueries } from '../settings/settings-queries';

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
export class InstanceQueries {
  private counts?: Cached<Promise<InstanceCounts>>;
  private rules?: Cached<Promise<Rule[]>>;
  private contact?: Cached<Promise<AccountJson | null>>;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly stats: InstanceStatsRepository,
    private readonly ruleRepository: RuleRepository,
    private readonly accountRepository: AccountRepository,
    private readonly accounts: AccountPresenter,
    private readonly settings: SettingsQueries,
    invalidator: CacheInvalidator,
  ) {
    invalidator.onInvalidate(CacheTopic.Instance, () => this.invalidate());
  }

  /** Everything GET /api/v1/instance and /api/v2/instance show besides configuration. */
  async snapshot(): Promise<{
    counts: InstanceCounts;
    rules: Rule[];
    contactAccount: AccountJson | null;
    registrations: InstanceRegistrations;
  }> {
    const [counts, rules, contactAccount, settings] = await Promise.all([
      this.getCounts(),
      this.getRules(),
      this.getContactAccount(),
      this.settings.current(),
    ]);
    const registrations = {
      mode: settings.registrationsMode,
      reasonRequired: settings.registrationsMode === 'approved' && settings.requireInviteText,
    };
    return { counts, rules, contactAccount, registrations };
  }

  /** The local account named by INSTANCE_CONTACT_ACCOUNT, presented as an Account. */
  getContactAccount(): Promise<AccountJson | null> {
    const username = this.config.instance.contactAccount;
    if (!username) return Promise.resolve(null);
    this.contact = this.fresh(this.contact, async () => {
      const account = await this.accountRepository.findLocalByUsername(username);
      return account ? this.accounts.present(account) : null;
    });
    return this.contact.value;
  }

  getCounts(): Promise<InstanceCounts> {
    this.counts = this.fresh(this.counts, () => this.stats.counts());
    return this.counts.value;
  }

  getRules(): Promise<Rule[]> {
    this.rules = this.fresh(this.rules, () => this.ruleRepository.activeRules());
    return this.rules.value;
  }

  getPeers(): Promise<string[]> {
    return this.stats.peers();
  }

  /** Up to ten known domains starting with what was typed (IDN in ASCII form), for autocomplete. */
  searchPeers(query: string): Promise<string[]> {
    const typed = query.trim().toLowerCase().replace(/\.+$/, '');
    const prefix = typed === '' ? '' : domainToASCII(typed) || typed;
    if (prefix === '') return Promise.resolve([]);
    return this.stats.peersStartingWith(prefix, 10);
  }

  /** Forget cached values (after an admin edits rules, on `cache clear`, and in tests). */
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
