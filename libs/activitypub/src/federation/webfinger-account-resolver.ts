import { Global, Injectable, Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { RemoteActors } from '@nestodon/activitypub/inbox';
import {
  REMOTE_ACCOUNT_RESOLVER,
  REMOTE_SEARCH_RESOLVER,
  RemoteAccountResolver,
} from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { FederationService } from './federation.service';
import { FederatedSearchResolver } from './remote-search-resolver';

/**
 * Post-time mentions of unknown remote handles (`@user@domain`): resolved as every remote
 * account is (RemoteActors: WebFinger, the actor fetched through the safe client, checked and
 * stored, reused while fresh); a handle that cannot be resolved is null and stays text.
 */
@Injectable()
export class WebFingerAccountResolver implements RemoteAccountResolver {
  constructor(
    // FederationModule imports this module: its providers are looked up on use.
    private readonly moduleRef: ModuleRef,
  ) {}

  async resolve(username: string, domain: string): Promise<Account | null> {
    const federation = this.moduleRef.get(FederationService, { strict: false });
    const remoteActors = this.moduleRef.get(RemoteActors, { strict: false });
    try {
      return await remoteActors.resolveHandle(username, domain.toLowerCase(), federation.context());
    } catch {
      return null;
    }
  }
}

/** Provides the resolvers to core's posting and search, for every process running federation. */
@Global()
@Module({
  providers: [
    WebFingerAccountResolver,
    { provide: REMOTE_ACCOUNT_RESOLVER, useExisting: WebFingerAccountResolver },
    FederatedSearchResolver,
    { provide: REMOTE_SEARCH_RESOLVER, useExisting: FederatedSearchResolver },
  ],
  exports: [REMOTE_ACCOUNT_RESOLVER, REMOTE_SEARCH_RESOLVER],
})
export class RemoteAccountResolverModule {}
