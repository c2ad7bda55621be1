import { webcrypto } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { toCryptoKeyPairs } from '@nestodon/activitypub/federation';
import { LocalUris } from '@nestodon/activitypub/render';
import { EnsureAccountKeysService, EnsureInstanceActorKeysService } from '@nestodon/core';
import { AccountRepository, ActorKeyPems } from '@nestodon/domain';
import { INSTANCE_ACTOR_SENDER } from '@nestodon/queue';

/** The keys a local account signs its deliveries with. */
export interface SigningKeys {
  actorUri: string;
  /** RSA, published as `#main-key`: the HTTP Signatures key every server reads. */
  rsa: { keyId: URL; privateKey: webcrypto.CryptoKey };
  /** Ed25519, published as the Multikey `#multikey-2`: Object Integrity Proofs. */
  ed25519: { keyId: URL; privateKey: webcrypto.CryptoKey };
}

/** Keys are reread after this long, so a rotation reaches every worker soon. */
const TTL_MS = 60_000;
const MAX_CACHED = 1000;

/**
 * Local accounts' private keys as Web Crypto keys, cached briefly in the process: a post to
 * many inboxes is signed by one account many times, and parsing PEM each time would cost
 * more than signing.
 */
@Injectable()
export class SigningKeysCache {
  private readonly cache = new Map<string, { at: number; keys: Promise<SigningKeys | null> }>();

  constructor(
    private readonly accounts: AccountRepository,
    private readonly ensureKeys: EnsureAccountKeysService,
    private readonly instanceActorKeys: EnsureInstanceActorKeysService,
    private readonly uris: LocalUris,
  ) {}

  /** The account's keys (INSTANCE_ACTOR_SENDER: the instance actor's); null when it is not a local account. */
  forAccount(accountId: string): Promise<SigningKeys | null> {
    const now = Date.now();
    const cached = this.cache.get(accountId);
    if (cached && now - cached.at < TTL_MS) return cached.keys;
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    const keys = this.load(accountId);
    this.cache.set(accountId, { at: now, keys });
    keys.catch(() => this.cache.delete(accountId));
    return keys;
  }

  private async load(accountId: string): Promise<SigningKeys | null> {
    if (accountId === INSTANCE_ACTOR_SENDER) {
      return this.signingKeys(this.uris.instanceActor(), await this.instanceActorKeys.call());
    }
    const account = await this.accounts.findById(accountId);
    if (!account || account.domain !== null) return null;
    return this.signingKeys(
      this.uris.actor(account.username),
      await this.ensureKeys.call(accountId),
    );
  }

  private signingKeys(actorUri: string, pems: ActorKeyPems): SigningKeys {
    const [rsa, ed25519] = toCryptoKeyPairs(pems);
    return {
      actorUri,
      rsa: { keyId: new URL(`${actorUri}#main-key`), privateKey: rsa.privateKey },
      ed25519: { keyId: new URL(`${actorUri}#multikey-2`), privateKey: ed25519.privateKey },
    };
  }
}
