import type { ActorKeyPair } from '@fedify/fedify';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  ActorPublicKeys,
  INSTANCE_ACTOR_IDENTIFIER,
  LocalUris,
  renderActor,
  renderInstanceActor,
} from '@nestodon/activitypub/render';
import { EnsureAccountKeysService, EnsureInstanceActorKeysService } from '@nestodon/core';
import { AccountRepository } from '@nestodon/domain';
import { ActorFactsLoader } from './actor-facts';
import { toCryptoKeyPairs } from './actor-key-pairs';
import { FederationRoutes, NestodonFederation } from './federation-types';
import { SignedFetchGate } from './signed-fetch';

const publicKeys = (pairs: ActorKeyPair[]): ActorPublicKeys => ({
  publicKey: pairs[0].cryptographicKey,
  assertionMethods: pairs.map((pair) => pair.multikey),
});

/** A profile page URL on this server (`/@alice`), which WebFinger also resolves. */
const PROFILE_PATH = /^\/@([A-Za-z0-9_]+)\/?$/;

/**
 * Actors: every confirmed local account at /users/:username, the instance actor at /actor,
 * their key pairs (generated on first use for accounts that predate them), and the WebFinger
 * names that lead to them (`acct:user@domain`, actor and profile URLs, and Mastodon's
 * `acct:domain@domain` for the instance actor).
 */
@Injectable()
export class ActorRoutes implements FederationRoutes {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly actors: ActorFactsLoader,
    private readonly accounts: AccountRepository,
    private readonly accountKeys: EnsureAccountKeysService,
    private readonly instanceActorKeys: EnsureInstanceActorKeysService,
    private readonly uris: LocalUris,
    private readonly gate: SignedFetchGate,
  ) {}

  register(federation: NestodonFederation): void {
    const { localDomain } = this.config.instance;
    federation
      .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
        if (identifier === INSTANCE_ACTOR_IDENTIFIER) {
          const keys = publicKeys(await ctx.getActorKeyPairs(identifier));
          return renderInstanceActor({ localDomain, keys }, this.uris);
        }
        const account = await this.actors.findLocal(identifier);
        if (!account) return null;
        const [facts, pairs] = await Promise.all([
          this.actors.load(account),
          ctx.getActorKeyPairs(account.username),
        ]);
        return renderActor({ ...facts, keys: publicKeys(pairs) }, this.uris);
      })
      // The instance actor stays public: it is how servers in secure mode verify each other.
      .authorize((ctx, identifier) =>
        identifier === INSTANCE_ACTOR_IDENTIFIER ? true : this.gate.allows(ctx),
      )
      .setKeyPairsDispatcher(async (_ctx, identifier) => {
        if (identifier === INSTANCE_ACTOR_IDENTIFIER) {
          return toCryptoKeyPairs(await this.instanceActorKeys.call());
        }
        const account = await this.accounts.findLocalByUsername(identifier);
        return account ? toCryptoKeyPairs(await this.accountKeys.call(account.id)) : [];
      })
      .mapHandle(async (_ctx, username) => {
        if (username.toLowerCase() === localDomain.replace(/:\d+$/, '')) {
          return INSTANCE_ACTOR_IDENTIFIER;
        }
        return (await this.actors.findLocal(username))?.username ?? null;
      })
      .mapAlias((_ctx, resource) => {
        const match = PROFILE_PATH.exec(resource.pathname);
        return match && resource.origin === this.uris.baseUrl ? { username: match[1] } : null;
      })
      .mapActorAlias('/actor', INSTANCE_ACTOR_IDENTIFIER);
  }
}
