import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, AccountRepository } from '@nestodon/domain';
import { extractMentions, formatPlainText, MentionTarget } from '@nestodon/text';

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
 * resolving unknown remote accounts (WebFinger) is the federation work's extension point.
 */
@Injectable()
export class StatusTextProcessor {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountRepository,
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

  private resolveMentions(texts: string[]): Promise<Account[]> {
    return this.accounts.findByHandles(
      texts.flatMap(extractMentions).map((mention) => ({
        username: mention.username,
        domain: this.isLocal(mention.domain) ? null : mention.domain,
      })),
    );
  }
}
