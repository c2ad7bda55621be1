import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, Tag, ValidationError } from '@nestodon/domain';
import { extractMentions, formatPlainText, MentionTarget } from '@nestodon/text';
import { EntityManager } from 'typeorm';
import { FindOrCreateTagsService } from '../tags/find-or-create-tags.service';

export interface ProcessedStatusText {
  html: string;
  /** Accounts mentioned and resolved (linked), without duplicates. */
  mentioned: Account[];
  /** Hashtags as stored (normalised names), without duplicates. */
  tags: Tag[];
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
    private readonly tags: FindOrCreateTagsService,
  ) {}

  async process(text: string, manager: EntityManager): Promise<ProcessedStatusText> {
    const accounts = await this.resolveMentions(text, manager);
    const key = (username: string, domain: string | null) =>
      `${username.toLowerCase()}@${(domain ?? '').toLowerCase()}`;
    const byKey = new Map(
      accounts.map((account) => [key(account.username, account.domain), account]),
    );
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
    const tags = await this.ensureTags(formatted.hashtags, manager);
    return { html: formatted.html, mentioned: [...mentioned.values()], tags };
  }

  private isLocal(domain: string | null): boolean {
    if (domain === null) return true;
    const host = domain.toLowerCase();
    const { localDomain, webDomain } = this.config.instance;
    return host === localDomain || host === webDomain;
  }

  private async resolveMentions(text: string, manager: EntityManager): Promise<Account[]> {
    const found = extractMentions(text);
    if (found.length === 0) return [];
    const usernames = found.map((mention) => mention.username.toLowerCase());
    const domains = found.map((mention) =>
      this.isLocal(mention.domain) ? '' : (mention.domain ?? '').toLowerCase(),
    );
    return manager
      .getRepository(Account)
      .createQueryBuilder('a')
      .where(
        `(lower(a.username), COALESCE(lower(a.domain), '')) IN
           (SELECT * FROM unnest(CAST(:usernames AS text[]), CAST(:domains AS text[])))`,
        { usernames, domains },
      )
      .andWhere('a.suspended_at IS NULL')
      .getMany();
  }

  /** Finds or creates the tags, refusing tags staff made unusable. */
  private async ensureTags(hashtags: string[], manager: EntityManager): Promise<Tag[]> {
    const tags = await this.tags.findOrCreate(hashtags, manager);
    const refused = tags.filter((tag) => tag.usable === false);
    if (refused.length > 0) {
      throw new ValidationError(
        `Validation failed: Text contains the following hashtags that are not allowed: ${refused
          .map((tag) => tag.name)
          .join(', ')}`,
      );
    }
    return tags;
  }
}
