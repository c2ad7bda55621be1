import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { Account, SearchRepository } from '@nestodon/domain';

export interface AccountSearchOptions {
  limit: number;
  offset: number;
  /** Only accounts the viewer follows. */
  following: boolean;
}

/**
 * Local account search (GET /api/v1/accounts/search and the accounts of /api/v2/search):
 * `user`, `@user`, `user@domain` match usernames (and domains) by prefix, other text also
 * display names; followed accounts rank first, then the exact username. Accounts the viewer
 * blocks, mutes or is blocked by are left out. Remote lookups (`resolve`) are federation's.
 */
@Injectable()
export class SearchAccountsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly search: SearchRepository,
  ) {}

  async call(viewer: Account | null, query: string, options: AccountSearchOptions) {
    const text = query.trim().replace(/^@/, '');
    if (text === '' || (options.following && !viewer)) return [];
    const [username, ...rest] = text.split('@');
    let domain: string | null | undefined =
      rest.length > 0 ? rest.join('@').toLowerCase() : undefined;
    const { localDomain, webDomain } = this.config.instance;
    if (domain === localDomain || domain === webDomain) domain = null;
    return this.search.accounts({
      viewerId: viewer?.id ?? null,
      username: username.toLowerCase(),
      domain,
      text,
      following: options.following,
      offset: options.offset,
      limit: options.limit,
    });
  }
}
