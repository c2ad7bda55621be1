import { Global, MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import {
  REMOTE_ACCOUNT_RESOLVER,
  REMOTE_SEARCH_RESOLVER,
  RemoteAccountResolver,
  RemoteSearchResolver,
} from '@nestodon/core';
import { FederationMiddleware } from './federation.middleware';
import { LazyFederation } from './lazy-federation';

/** Posting's resolver of remote mentions, loading ActivityPub at its first call. */
function remoteAccountResolver(federation: LazyFederation): RemoteAccountResolver {
  return {
    async resolve(username, domain) {
      const { lib, get } = await federation.load();
      return get(lib.WebFingerAccountResolver).resolve(username, domain);
    },
  };
}

/** Search's resolver of remote handles and URLs, loading ActivityPub at its first call. */
function remoteSearchResolver(federation: LazyFederation): RemoteSearchResolver {
  return {
    async resolve(viewer, query) {
      const { lib, get } = await federation.load();
      return get(lib.FederatedSearchResolver).resolve(viewer, query);
    },
  };
}

/**
 * ActivityPub in the api, loaded at first use (LazyFederation): Fedify sees every request on a
 * federation path first, and posting and search resolve remote accounts through it.
 */
@Global()
@Module({
  providers: [
    LazyFederation,
    FederationMiddleware,
    {
      provide: REMOTE_ACCOUNT_RESOLVER,
      useFactory: remoteAccountResolver,
      inject: [LazyFederation],
    },
    { provide: REMOTE_SEARCH_RESOLVER, useFactory: remoteSearchResolver, inject: [LazyFederation] },
  ],
  exports: [LazyFederation, REMOTE_ACCOUNT_RESOLVER, REMOTE_SEARCH_RESOLVER],
})
export class FederationHttpModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(FederationMiddleware).forRoutes({ path: '*path', method: RequestMethod.ALL });
  }
}
