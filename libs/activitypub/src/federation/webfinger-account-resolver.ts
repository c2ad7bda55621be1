import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { RemoteActors } from '@nestodon/activitypub/inbox';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { REMOTE_ACCOUNT_RESOLVER, RemoteAccountResolver } from '@nestodon/core';
import { Account } from '@nestodon/domain';
import { FederationService } from './federation.service';

/**
 * Post-time mentions of unknown remote handles (`@user@domain`), for core's posting: the
 * handle resolved as every remote account is (RemoteActors: WebFinger, the actor fetched
 * through the federation's loaders and SafeHttpClient, checked and stored). A handle that
 * cannot be resolved is null, and stays text.
 */
@Injectable()
export class WebFingerAccountResolver implements RemoteAccountResolver {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    // FederationModule's providers, which imports this module: looked up on use.
    private readonly moduleRef: ModuleRef,
  ) {}

  async resolve(username: string, domain: string): Promise<Account | null> {
    const { federation } = this.moduleRef.get(FederationService, { strict: false });
    const ctx = federation.createContext(new URL(this.config.instance.baseUrl), { gone: null });
    try {
      return await this.moduleRef
        .get(RemoteActors, { strict: false })
        .resolveHandle(username, domain, {
          documentLoader: ctx.documentLoader,
          contextLoader: ctx.contextLoader,
        });
    } catch {
      return null;
    }
  }
}

/** Provides the resolver to core's posting, for every process running federation. */
@Global()
@Module({
  providers: [
    WebFingerAccountResolver,
    { provide: REMOTE_ACCOUNT_RESOLVER, useExisting: WebFingerAccountResolver },
  ],
  exports: [REMOTE_ACCOUNT_RESOLVER],
})
export class RemoteAccountResolverModule {}
