import { createFederation, type MessageQueue } from '@fedify/fedify';
import { Activity, Flag } from '@fedify/vocab';
import { INSTANCE_ACTOR_IDENTIFIER } from '@nestodon/activitypub/render';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { DomainModerationQueries } from '@nestodon/core';
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
    @Optional() @Inject(FEDERATION_QUEUE) queue?: MessageQueue,
  ) {
    this.baseUrl = new URL(config.instance.baseUrl);
    const kv = config.redis.enabled
      ? new RedisKvStore(redis.client, redis.namespace)
      : new PostgresKvStore(ephemeralState);
    this.federation = createFederation<FederationRequestData>({
      kv,
      origin: { handleHost: config.instance.localDomain, webOrigin: config.instance.baseUrl },
      documentLoaderFactory: safeDocumentLoaderFactory(client, kv, 'object'),
      contextLoaderFactory: safeDocumentLoaderFactory(client, kv, 'context'),
      authenticatedDocumentLoaderFactory: safeAuthenticatedDocumentLoaderFactory(client),
      queue: { inbox: ingress, outbox: queue, fanout: queue },
      // Workers drain the queues; web processes only enqueue.
      manuallyStartQueue: true,
    });
    const routes: FederationRoutes[] = [actors, collections, statuses, nodeInfo];
    for (const part of routes) part.register(this.federation);
    const handlers = INBOX_HANDLERS.map((type) => moduleRef.get(type, { strict: false }));
    if (handlers.length > 0) {
      const inbox = this.federation
        .setInboxListeners('/users/{identifier}/inbox', '/inbox')
        // One activity delivered to several inboxes here (no shared inbox) is processed once.
        .withIdempotency('global')
        // Objects the shared inbox fetches are fetched signed, for servers that require it.
        .setSharedKeyDispatcher(() => ({ identifier: INSTANCE_ACTOR_IDENTIFIER }));
      for (const handler of handlers) {
        inbox.on(handler.activityType, async (ctx, activity) => {
          const refusal =
            activityRefusal(activity) ?? (await this.domainRefusal(moduleRef, activity));
          if (refusal) {
            this.logger.warn({ activity: activity.id?.href, refusal }, 'Inbound activity refused');
            return;
          }
          await handler.handle(ctx, activity);
        });
      }
    }
  }

  /**
   * Instance domain blocks on the way in: a suspended server's activities are dropped, and a
   * server whose reports are rejected files none (Mastodon's `reject_reports`).
   */
  private async domainRefusal(moduleRef: ModuleRef, activity: Activity): Promise<string | null> {
    const host = activity.actorId?.host;
    if (!host) return null;
    const verdict = await moduleRef
      .get(DomainModerationQueries, { strict: false })
      .verdictFor(host);
    if (verdict.blocked) return 'its server is suspended here';
    if (verdict.rejectReports && activity instanceof Flag) {
      return 'reports from its server are rejected here';
    }
    return null;
  }

  /** A context outside any request (its loaders fetch through the safe client). */
  context(): NestodonContext {
    return this.federation.createContext(this.baseUrl, { gone: null });
  }
}
