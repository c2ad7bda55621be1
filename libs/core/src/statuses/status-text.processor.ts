import { Inject, Injectable, Optional } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, AccountRepository } from '@nestodon/domain';
import { extractMentions, formatPlainText, MentionTarget } from '@nestodon/text';
import { REMOTE_ACCOUNT_RESOLVER, RemoteAccountResolver } from './remote-account-resolver';

/** Unknown remote handles looked up per status at most (each is a WebFinger and actor fetch). */
const MAX_RESOLVED_MENTIONS = 10;

export interface ProcessedStatusText {
  html: string;
  /** Accounts mentioned and resolved (linked), without duplicates. */
  mentioned: Account[];
  /** Hashtags in the text, as written, without duplicates. */
  hashtags: string[];
}

/**
 * Turns the raw text of a local status into what is stored with it: safe HTML (paragraphs,
 * links, hashtags, mentions), the mentioned accounts and the hashtags. Mentions of local
 * accounts, and of remote accounts this server already knows, are resolved in one query;
 * unknown remote handles are looked up through WebFinger (the REMOTE_ACCOUNT_RESOLVER port,
 * as Mastodon resolves them when posting), and those not found stay text.
 */
@Injectable()
export class StatusTextProcessor {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountRepository,
    @Optional()
    @Inject(REMOTE_ACCOUNT_RESOLVER)
    private readonly remote?: RemoteAccountResolver,
  ) {}

  async process(text: string): Promise<ProcessedStatusText> {
    const [processed] = await this.processMany([text]);
    return processed;
  }

  /** Several texts, their mentions resolved in one query for all. */
  async processMany(texts: string[]): Promise<ProcessedStatusText[]> {
    const accounts = await this.resolveMentions(texts);
    const key = (username: string, domain: string | null) =>
      `${username.toLowerCase()}@${(domain ?? '').toLowerCase()}`;
    const byKey = new Map(
      accounts.map((account) => [key(account.username, account.domain), account]),
    );
    return texts.map((text) => {
      const mentioned = new Map<string, Account>();
      const formatted = formatPlainText(text, {
        baseUrl: this.config.instance.baseUrl,
        resolveMention: (username, domain): MentionTarget | undefined => {
          const account = byKey.get(key(username, this.isLocal(domain) ? null : domain));
          if (!account) return undefined;
          mentioned.set(account.id, account);
          return {
            url:
              account.domain === null
                ? `${this.config.instance.baseUrl}/@${account.username}`
                : (account.url ?? account.uri ?? ''),
            username: account.username,
            domain: account.domain,
          };
        },
      });
      return {
        html: formatted.html,
        mentioned: [...mentioned.values()],
        hashtags: formatted.hashtags,
      };
    });
  }

  private isLocal(domain: string | null): boolean {
    if (domain === null) return true;
    const host = domain.toLowerCase();
    const { localDomain, webDomain } = this.config.instance;
    return host === localDomain || host === webDomain;
  }

  private async resolveMentions(texts: string[]): Promise<Account[]> {
    const handles = texts.flatMap(extractMentions).map((mention) => ({
      username: mention.username,
      domain: this.isLocal(mention.domain) ? null : mention.domain,
    }));
    const known = await this.accounts.findByHandles(handles);
    if (!this.remote) return known;
    const key = (username: string, domain: string) => `${username}@${domain}`.toLowerCase();
    const found = new Set(known.map((account) => key(account.username, account.domain ?? '')));
    const unknown = new Map<string, { username: string; domain: string }>();
    for (const { username, domain } of handles) {
      if (domain !== null && !found.has(key(username, domain))) {
        unknown.set(key(username, domain), { username, domain });
      }
    }
    const resolver = this.remote;
    const resolved = await Promise.all(
      [...unknown.values()]
        .slice(0, MAX_RESOLVED_MENTIONS)
        // A handle that cannot be resolved (no such account, server down) stays text.
        .map(({ username, domain }) => resolver.resolve(username, domain).catch(() => null)),
    );
    return [...known, ...resolved.filter((account): account is Account => account !== null)];
  }
}
