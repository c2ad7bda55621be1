import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { AccountField, AccountHandle, AccountRepository } from '@nestodon/domain';
import { extractMentions, formatPlainText, MentionTarget } from '@nestodon/text';

export interface RenderedProfile {
  noteHtml: string;
  /** Fields with `value_html` filled in. */
  fields: AccountField[];
}

/**
 * Renders a local profile's note and field values to HTML when they are saved, so reads need
 * no work: links, hashtags, and mentions of accounts this server knows (one query for all).
 */
@Injectable()
export class ProfileTextRenderer {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountRepository,
  ) {}

  async render(note: string, fields: AccountField[]): Promise<RenderedProfile> {
    const resolve = await this.mentionResolver([note, ...fields.map((field) => field.value)]);
    const baseUrl = this.config.instance.baseUrl;
    return {
      noteHtml: formatPlainText(note, { baseUrl, resolveMention: resolve }).html,
      fields: fields.map((field) => ({
        name: field.name,
        value: field.value,
        verified_at: field.verified_at ?? null,
        value_html: formatPlainText(field.value, {
          baseUrl,
          resolveMention: resolve,
          multiline: false,
          relMe: true,
          mentionDomains: true,
        }).html,
      })),
    };
  }

  /** Looks up every mention of the texts at once; local handles may name this domain. */
  private async mentionResolver(
    texts: string[],
  ): Promise<(username: string, domain: string | null) => MentionTarget | undefined> {
    const keyOf = (username: string, domain: string | null) =>
      `${username.toLowerCase()}@${this.isLocalDomain(domain) ? '' : domain!.toLowerCase()}`;
    const wanted = new Map<string, AccountHandle>();
    for (const text of texts) {
      for (const { username, domain } of extractMentions(text)) {
        wanted.set(keyOf(username, domain), {
          username,
          domain: this.isLocalDomain(domain) ? null : domain,
        });
      }
    }
    const found = new Map<string, MentionTarget>();
    const { baseUrl } = this.config.instance;
    for (const account of await this.accounts.findByHandles([...wanted.values()])) {
      found.set(keyOf(account.username, account.domain), {
        username: account.username,
        domain: account.domain,
        url:
          account.domain === null
            ? `${baseUrl}/@${account.username}`
            : (account.url ?? account.uri ?? `https://${account.domain}/`),
      });
    }
    return (username, domain) => found.get(keyOf(username, domain));
  }

  private isLocalDomain(domain: string | null): boolean {
    if (domain === null) return true;
    const lower = domain.toLowerCase();
    const { localDomain, webDomain } = this.config.instance;
    return lower === localDomain || lower === webDomain;
  }
}
