import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, AccountField } from '@nestodon/domain';
import { extractMentions, formatPlainText, MentionTarget } from '@nestodon/text';
import { DataSource } from 'typeorm';

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
    private readonly dataSource: DataSource,
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
  async mentionResolver(
    texts: string[],
  ): Promise<(username: string, domain: string | null) => MentionTarget | undefined> {
    const keyOf = (username: string, domain: string | null) =>
      `${username.toLowerCase()}@${this.isLocalDomain(domain) ? '' : domain!.toLowerCase()}`;
    const wanted = new Map<string, { username: string; domain: string }>();
    for (const text of texts) {
      for (const { username, domain } of extractMentions(text)) {
        const key = keyOf(username, domain);
        wanted.set(key, {
          username: username.toLowerCase(),
          domain: this.isLocalDomain(domain) ? '' : domain!.toLowerCase(),
        });
      }
    }
    const found = new Map<string, MentionTarget>();
    if (wanted.size > 0) {
      const list = [...wanted.values()];
      const rows: Array<Pick<Account, 'username' | 'domain' | 'url' | 'uri'>> =
        await this.dataSource.query(
          `SELECT a.username, a.domain, a.url, a.uri
             FROM accounts a
             JOIN unnest($1::text[], $2::text[]) AS m(username, domain)
               ON lower(a.username) = m.username AND COALESCE(lower(a.domain), '') = m.domain
            WHERE a.suspended_at IS NULL`,
          [list.map((m) => m.username), list.map((m) => m.domain)],
        );
      const { baseUrl } = this.config.instance;
      for (const row of rows) {
        found.set(keyOf(row.username, row.domain), {
          username: row.username,
          domain: row.domain,
          url:
            row.domain === null
              ? `${baseUrl}/@${row.username}`
              : (row.url ?? row.uri ?? `https://${row.domain}/`),
        });
      }
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
