import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  INBOX_HANDLERS,
  INBOX_SUPPORT,
  RemoteActors,
  RemoteStatuses,
} from '@nestodon/activitypub/inbox';
import { LocalUris } from '@nestodon/activitypub/render';
import { OutboundModule } from '@nestodon/platform';
import { ActorFactsLoader } from './actor-facts';
import { ActorRoutes } from './actor.routes';
import { CollectionRoutes } from './collection.routes';
import { EmojiFactsLoader } from './emoji-facts';
import { DeliveryFailureTracker } from './delivery-failure-tracker';
import { FederationService } from './federation.service';
import { IngressQueue } from './ingress-queue';
import { NodeInfoRoutes } from './nodeinfo.routes';
import { StatusFactsLoader } from './status-facts';
import { SignedFetchGate } from './signed-fetch';
import { StatusRoutes } from './status.routes';
import { RemoteAccountResolverModule } from './webfinger-account-resolver';

/**
 * ActivityPub through Fedify: the Federation object and what it serves. Needs the database,
 * Redis, core and serializers modules of the process; brings the outbound HTTP client.
 */
@Module({
  imports: [OutboundModule, RemoteAccountResolverModule],
  providers: [
    {
      provide: LocalUris,
      useFactory: (config: AppConfig) => new LocalUris(config.instance),
      inject: [APP_CONFIG],
    },
    SignedFetchGate,
    DeliveryFailureTracker,
    EmojiFactsLoader,
    ActorFactsLoader,
    StatusFactsLoader,
    ActorRoutes,
    CollectionRoutes,
    StatusRoutes,
    NodeInfoRoutes,
    RemoteActors,
    ...INBOX_SUPPORT,
    IngressQueue,
    ...INBOX_HANDLERS,
    FederationService,
  ],
  exports: [
    FederationService,
    DeliveryFailureTracker,
    LocalUris,
    ActorFactsLoader,
    StatusFactsLoader,
    RemoteActors,
    RemoteStatuses,
  ],
})
export class FederationModule {}
