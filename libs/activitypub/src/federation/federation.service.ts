import { createFederation, type MessageQueue } from '@fedify/fedify';
import { Flag } from '@fedify/vocab';
import { INSTANCE_ACTOR_IDENTIFIER } from '@nestodon/activitypub/render';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { FederationPolicy } from '@nestodon/core';
import { EphemeralStateRepository } from '@nestodon/domain';
import { activityRefusal, INBOX_HANDLERS } from '@nestodon/activitypub/inbox';
import { RedisService, SafeHttpClient } from '@nestodon/platform';
import { ActorRoutes } from './actor.routes';
import { CollectionRoutes } from './collection.routes';
import {
  safeAuthenticatedDocumentLoaderFactory,
  safeDocumentLoaderFactory,
} from './document-loaders';
import {
  FederationRequestData,
  FederationRoutes,
  NestodonContext,
  NestodonFederation,
} from './federation-types';
import { DeliveryFailureTracker } from './delivery-failure-tracker';
import { IngressQueue } from './ingress-queue';
import { NodeInfoRoutes } from './nodeinfo.routes';
import { PostgresKvStore } from './postgres-kv-store';
import { RedisKvStore } from './redis-kv-store';
import { StatusRoutes } from './status.routes';

/**
 * Fedify's message queue for outbound activities, when a process provides one (the
 * BullMQ-backed queue of the delivery work). Inbound activities always go to IngressQueue.
 */
export const FEDERATION_QUEUE = Symbol('FEDERATION_QUEUE');

/**
 * The process's Fedify Federation: our routes, its key–value store in our Redis (PostgreSQL
 * without Redis), and every request it makes through SafeHttpClient (documents, contexts,
 * signed fetches). The origin is the configured one, never a request's Host: handles use
 * LOCAL_DOMAIN, URLs the web domain.
 */
@Injectable()
export class FederationService {
  readonly federation: NestodonFederation;
  /** Serves only `POST /actor/inbox`. */
  readonly instanceActorInbox: NestodonFederation;
  private readonly logger = new Logger(FederationService.name);
  private readonly baseUrl: URL;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    redis: RedisService,
    ephemeralState: EphemeralStateRepository,
    client: SafeHttpClient,
    moduleRef: ModuleRef,
    actors: ActorRoutes,
    collections: CollectionRoutes,
    statuses: StatusRoutes,
    nodeInfo: NodeInfoRoutes,
    ingress: IngressQueue,
    policy: FederationPolicy,
    tracker: DeliveryFailureTracker,
    @Optional() @Inject(FEDERATION_QUEUE) queue?: MessageQueue,
  ) {
    this.baseUrl = new URL(config.instance.baseUrl);
    const kv = config.redis.enabled
      ? new RedisKvStore(redis.client, redis.namespace)
      : new PostgresKvStore(ephemeralState);
    const options = {
      kv,
      origin: { handleHost: config.instance.localDomain, webOrigin: config.instance.baseUrl },
      documentLoaderFactory: safeDocumentLoaderFactory(client, kv, 'object'),
      contextLoaderFactory: safeDocumentLoaderFactory(client, kv, 'context'),
      authenticatedDocumentLoaderFactory: safeAuthenticatedDocumentLoaderFactory(client),
      queue: { inbox: ingress, outbox: queue, fanout: queue },
      // Workers drain the queues; web processes only enqueue.
      manuallyStartQueue: true,
    };
    this.federation = createFederation<FederationRequestData>(options);
    const routes: FederationRoutes[] = [actors, collections, statuses, nodeInfo];
    for (const part of routes) part.register(this.federation);
    const handlers = INBOX_HANDLERS.map((type) => moduleRef.get(type, { strict: false }));
    const listen = (federation: NestodonFederation, sharedInboxPath: `/${string}`) => {
      const inbox = federation
        .setInboxListeners('/users/{identifier}/inbox', sharedInboxPath)
        // One activity delivered to several inboxes here (no shared inbox) is processed once.
        .withIdempotency('global')
        // Objects the shared inbox fetches are fetched signed, for servers that require it.
        .setSharedKeyDispatcher(() => ({ identifier: INSTANCE_ACTOR_IDENTIFIER }));
      for (const handler of handlers) {
        inbox.on(handler.activityType, async (ctx, activity) => {
          // activityRefusal makes sure of a single actor.
          const refusal =
            activityRefusal(activity) ??
            (await policy.refusal(activity.actorId!.host, { report: activity instanceof Flag }));
          if (refusal) {
            this.logger.warn({ activity: activity.id?.href, refusal }, 'Inbound activity refused');
            return;
          }
          // A server that sends to us is up: deliveries to it resume (Mastodon's reset!).
          await tracker.trackSuccess(activity.actorId!.host);
          await handler.handle(ctx, activity);
        });
      }
    };
    listen(this.federation, '/inbox');
    // The instance actor's own inbox (`/actor/inbox`, as Mastodon's) is a second shared inbox.
    // Fedify routes one shared inbox path and a signature covers the path it was made for, so
    // it has a Federation of its own, which verifies and queues to the same ingress (the
    // worker processes with the one above); the actor routes give it the instance actor's keys.
    this.instanceActorInbox = createFederation<FederationRequestData>(options);
    actors.register(this.instanceActorInbox);
    listen(this.instanceActorInbox, '/actor/inbox');
  }

  /** A context outside any request (its loaders fetch through the safe client). */
  context(): NestodonContext {
    return this.federation.createContext(this.baseUrl, { gone: null });
  }
}
