import {
  Application,
  Group,
  isActor,
  Object as APObject,
  Organization,
  Person,
  Service,
} from '@fedify/vocab';
import { Global, Inject, Injectable, Module } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { REMOTE_ACCOUNT_RESOLVER, RemoteAccountResolver } from '@nestodon/core';
import { Account, AccountRepository, ActorType } from '@nestodon/domain';
import { SafeHttpClient } from '@nestodon/platform';
import { FederationService } from './federation.service';

const JRD = 'application/jrd+json, application/json';
const ACTIVITY_TYPES = /^application\/(activity\+json|ld\+json)/;
const MAX_WEBFINGER_BYTES = 64 * 1024;
const LOOKUP_TIMEOUT_MS = 10_000;

const ACTOR_TYPES: Array<[new (...args: never[]) => unknown, ActorType]> = [
  [Person, 'Person'],
  [Service, 'Service'],
  [Group, 'Group'],
  [Application, 'Application'],
  [Organization, 'Organization'],
];

interface WebFingerLink {
  rel?: string;
  type?: string;
  href?: string;
}

/**
 * Post-time mentions of unknown remote handles (`@user@domain`): WebFinger on the handle's
 * domain, the actor it names fetched through the federation's loaders (SafeHttpClient), checked
 * (an actor, served from its own origin, with the username asked) and stored as a remote
 * account, enough to link and address it. The inbound work's remote-actor ingestion (fuller
 * profiles, refreshes) can take this port over.
 */
@Injectable()
export class WebFingerAccountResolver implements RemoteAccountResolver {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly client: SafeHttpClient,
    private readonly accounts: AccountRepository,
    // The Federation is FederationModule's, which imports this module: looked up on use.
    private readonly moduleRef: ModuleRef,
  ) {}

  async resolve(username: string, domain: string): Promise<Account | null> {
    const actorId = await this.webFinger(username, domain);
    if (!actorId) return null;
    const federation = this.moduleRef.get(FederationService, { strict: false }).federation;
    const ctx = federation.createContext(new URL(this.config.instance.baseUrl), { gone: null });
    const loaders = { documentLoader: ctx.documentLoader, contextLoader: ctx.contextLoader };
    const { document, documentUrl } = await loaders.documentLoader(actorId);
    const actor = await APObject.fromJsonLd(document, loaders);
    if (!isActor(actor) || !actor.id || !actor.inboxId) return null;
    if (actor.id.origin !== new URL(documentUrl).origin) return null;
    if (actor.preferredUsername?.toString().toLowerCase() !== username.toLowerCase()) return null;
    const url = actor.url instanceof URL ? actor.url.href : (actor.id.href ?? null);
    return this.accounts.insertRemoteIfMissing({
      username: actor.preferredUsername.toString(),
      domain: domain.toLowerCase(),
      displayName: actor.name?.toString() ?? '',
      uri: actor.id.href,
      url,
      inboxUrl: actor.inboxId.href,
      sharedInboxUrl: actor.endpoints?.sharedInbox?.href ?? null,
      followersUrl: actor.followersId?.href ?? null,
      actorType: ACTOR_TYPES.find(([type]) => actor instanceof type)?.[1] ?? 'Person',
      locked: actor.manuallyApprovesFollowers ?? false,
    });
  }

  /**
   * The actor id WebFinger names for the handle: over https, and plain http too where private
   * addresses are allowed (servers federating on one machine, tests).
   */
  private async webFinger(username: string, domain: string): Promise<string | null> {
    const schemes = this.config.outbound.allowPrivateAddress ? ['https', 'http'] : ['https'];
    const resource = encodeURIComponent(`acct:${username}@${domain}`);
    for (const scheme of schemes) {
      let response: Response;
      try {
        response = await this.client.fetch(
          `${scheme}://${domain}/.well-known/webfinger?resource=${resource}`,
          {
            headers: { Accept: JRD },
            maxBytes: MAX_WEBFINGER_BYTES,
            timeoutMs: LOOKUP_TIMEOUT_MS,
          },
        );
      } catch {
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return null;
      }
      const jrd = (await response.json()) as { links?: WebFingerLink[] };
      const self = (jrd.links ?? []).find(
        (link) => link.rel === 'self' && ACTIVITY_TYPES.test(link.type ?? '') && link.href,
      );
      return self?.href ?? null;
    }
    return null;
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
