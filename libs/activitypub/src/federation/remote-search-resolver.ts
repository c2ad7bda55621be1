import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { RemoteActors, RemoteStatuses } from '@nestodon/activitypub/inbox';
import { RemoteSearchResolver, SearchResults, StatusQueries } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { FederationService } from './federation.service';

const HANDLE = /^@?([A-Za-z0-9_.-]+)@([^@\s/]+)$/;

/**
 * Search with `resolve=true`: a `user@domain` handle or an https URL of an actor or a status
 * is looked up on its server (through the safe client) and stored, as Mastodon's
 * ResolveURLService does; statuses only when the viewer may see them.
 */
@Injectable()
export class FederatedSearchResolver implements RemoteSearchResolver {
  constructor(private readonly moduleRef: ModuleRef) {}

  async resolve(
    viewer: Account,
    query: string,
  ): Promise<Pick<SearchResults, 'accounts' | 'statuses'>> {
    const none = { accounts: [], statuses: [] };
    const ctx = this.moduleRef.get(FederationService, { strict: false }).context();
    const actors = this.moduleRef.get(RemoteActors, { strict: false });
    const handle = HANDLE.exec(query.trim());
    try {
      if (handle) {
        return {
          accounts: [await actors.resolveHandle(handle[1], handle[2].toLowerCase(), ctx)],
          statuses: [],
        };
      }
      const url = query.trim();
      // Our own URLs are found by the local search.
      if (!URL.canParse(url) || new URL(url).origin === ctx.origin) return none;
      const account = await actors.resolveUri(url, ctx).catch(() => null);
      if (account) return { accounts: [account], statuses: [] };
      const status = await this.moduleRef.get(RemoteStatuses, { strict: false }).fetch(ctx, url);
      if (!status) return none;
      const visible = await this.moduleRef
        .get(StatusQueries, { strict: false })
        .filterVisible([status], viewer);
      return { accounts: [], statuses: visible };
    } catch {
      return none;
    }
  }
}
