import { KeyObject, webcrypto } from 'node:crypto';
import {
  Application,
  Emoji,
  Group,
  Image,
  isActor,
  Link,
  Object as APObject,
  Organization,
  PropertyValue,
  Service,
  type Actor,
} from '@fedify/vocab';
import type { DocumentLoader } from '@fedify/vocab-runtime';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  FederationPolicy,
  StoreRemoteAccountService,
  StoreRemoteEmojisService,
} from '@nestodon/core';
import {
  Account,
  AccountField,
  AccountRepository,
  ActorType,
  RemoteAccountValues,
} from '@nestodon/domain';
import { SafeHttpClient } from '@nestodon/platform';
import { sanitizeRemoteHtml } from '@nestodon/text';
import { actorRefusal, keyOwnersOf } from './inbound-rules';
import { emojiOf } from './remote-emojis';

/** The loaders a Fedify context lends: every fetch through the safe client. */
export interface DocumentLoaders {
  documentLoader: DocumentLoader;
  contextLoader: DocumentLoader;
}

/** A remote account is refreshed from its actor when last fetched longer ago (Mastodon: a day). */
const STALE_AFTER_MS = 24 * 60 * 60 * 1000;
const MAX_WEBFINGER_BYTES = 64 * 1024;
const ACTIVITY_TYPES = /^application\/(activity\+json|ld\+json)/;
const MAX_FIELDS = 16;
const MAX_EMOJIS = 50;
const MAX_ALIASES = 20;

/** Why a remote actor was not believed (or not found). */
export class RemoteActorError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/**
 * Remote accounts from their actors: a handle resolved through WebFinger, an actor id fetched
 * (through the safe client, as every federation request), the document checked (an actor, at
 * the id it claims, from that id's origin) and stored in `accounts` beside local ones, then
 * reused until stale. Servers that do not federate with us (suspended, or off the allow list
 * in limited federation mode) are not asked, as Mastodon's ResolveAccountService.
 */
@Injectable()
export class RemoteActors {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accounts: AccountRepository,
    private readonly store: StoreRemoteAccountService,
    private readonly emojis: StoreRemoteEmojisService,
    private readonly client: SafeHttpClient,
    private readonly policy: FederationPolicy,
  ) {}

  /** `user@domain` (a known account, refreshed when stale, or found by WebFinger). */
  async resolveHandle(
    username: string,
    domain: string,
    loaders: DocumentLoaders,
  ): Promise<Account> {
    const known = await this.accounts.findVisibleByHandle({ username, domain });
    if (known && !isStale(known)) return known;
    await this.refuseUnlessFederating(domain);
    const actorId = await this.webFinger(username, domain);
    return this.fetch(actorId, loaders, { username, domain });
  }

  /** The account of an actor id (known and fresh, or fetched now). */
  async resolveUri(uri: string, loaders: DocumentLoaders): Promise<Account> {
    const known = await this.accounts.findByUri(uri);
    if (known && !isStale(known)) return known;
    return this.fetch(uri, loaders);
  }

  /**
   * Fetches an actor and stores it. Its id must be the URL asked for (or, when a URL led to
   * it, on the same origin as where it was served), so no server can speak for another's actors.
   */
  async fetch(
    uri: string,
    loaders: DocumentLoaders,
    expected?: { username: string; domain: string },
  ): Promise<Account> {
    if (URL.canParse(uri)) await this.refuseUnlessFederating(new URL(uri).host);
    const { document, documentUrl } = await loaders.documentLoader(uri);
    const object = await APObject.fromJsonLd(document, loaders);
    const owners = isActor(object) ? await keyOwnersOf(object, loaders) : [];
    const refusal = actorRefusal(object, new URL(documentUrl), owners);
    if (refusal || !isActor(object) || !object.id) throw new RemoteActorError(`${uri}: ${refusal}`);
    const username = handleOf(object);
    if (expected && username.toLowerCase() !== expected.username.toLowerCase()) {
      throw new RemoteActorError(`${uri} is not ${expected.username}@${expected.domain}`);
    }
    const domain = expected?.domain ?? hostOf(object.id);
    const account = await this.store.call(await actorValues(object, loaders, domain));
    await this.emojis.call(account.domain!, await emojiTagsOf(object, loaders));
    return account;
  }

  private async refuseUnlessFederating(host: string): Promise<void> {
    const refusal = await this.policy.refusal(host);
    if (refusal) throw new RemoteActorError(`${host}: ${refusal}`);
  }

  /**
   * The actor id WebFinger gives for `acct:user@domain`: https, or plain http too where
   * private addresses are allowed (servers federating on one machine, in tests).
   */
  private async webFinger(username: string, domain: string): Promise<string> {
    const schemes = this.config.outbound.allowPrivateAddress ? ['https', 'http'] : ['https'];
    let failure: unknown;
    for (const scheme of schemes) {
      const url = new URL(`${scheme}://${domain}/.well-known/webfinger`);
      url.searchParams.set('resource', `acct:${username}@${domain}`);
      try {
        const response = await this.client.fetch(url, {
          headers: { Accept: 'application/jrd+json, application/json' },
          maxBytes: MAX_WEBFINGER_BYTES,
        });
        if (!response.ok) throw new RemoteActorError(`WebFinger answered ${response.status}`);
        const jrd = (await response.json()) as { links?: unknown };
        const self = Array.isArray(jrd.links)
          ? jrd.links.find(
              (link: { rel?: unknown; type?: unknown; href?: unknown }) =>
                link?.rel === 'self' &&
                typeof link.type === 'string' &&
                ACTIVITY_TYPES.test(link.type) &&
                typeof link.href === 'string',
            )
          : undefined;
        if (!self) throw new RemoteActorError(`No actor for ${username}@${domain}`);
        return (self as { href: string }).href;
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  }
}

/** The custom emojis an actor tags (in its name, note and fields). */
async function emojiTagsOf(actor: Actor, loaders: DocumentLoaders) {
  const emojis = [];
  for await (const tag of actor.getTags({ ...loaders, suppressError: true })) {
    if (emojis.length >= MAX_EMOJIS) break;
    const emoji = tag instanceof Emoji ? await emojiOf(loaders, tag) : null;
    if (emoji) emojis.push(emoji);
  }
  return emojis;
}

function isStale(account: Account): boolean {
  const fetchedAt = account.lastWebfingeredAt?.getTime() ?? 0;
  return Date.now() - fetchedAt > STALE_AFTER_MS;
}

/** The handle domain of an actor known only by its id: the id's host (with its port). */
function hostOf(id: URL): string {
  return id.host.toLowerCase();
}

export function handleOf(actor: Actor): string {
  const name = actor.preferredUsername?.toString() ?? '';
  if (!/^[\p{L}\p{N}_.-]{1,64}$/u.test(name)) {
    throw new RemoteActorError('The actor has no usable preferredUsername');
  }
  return name;
}

function actorType(actor: Actor): ActorType {
  if (actor instanceof Service) return 'Service';
  if (actor instanceof Group) return 'Group';
  if (actor instanceof Application) return 'Application';
  if (actor instanceof Organization) return 'Organization';
  return 'Person';
}

const href = (value: URL | Link | null | undefined): string | null =>
  value instanceof Link ? (value.href?.href ?? null) : (value?.href ?? null);

async function imageUrl(image: Promise<Image | null>): Promise<string | null> {
  const loaded = await image.catch(() => null);
  return loaded ? href(loaded.url) : null;
}

function pem(key: webcrypto.CryptoKey | null | undefined): string | null {
  return key ? (KeyObject.from(key).export({ type: 'spki', format: 'pem' }) as string) : null;
}

/** The account row an actor describes: HTML sanitised, `url` (the profile page) kept apart from the id. */
export async function actorValues(
  actor: Actor,
  loaders: DocumentLoaders,
  domain: string,
): Promise<RemoteAccountValues> {
  const fetchOptions = { ...loaders, suppressError: true };
  let publicKey: string | null = null;
  for await (const key of actor.getPublicKeys(fetchOptions)) {
    publicKey ??= pem(key.publicKey);
  }
  let ed25519PublicKey: string | null = null;
  for await (const method of actor.getAssertionMethods(fetchOptions)) {
    if (method.publicKey?.algorithm.name === 'Ed25519') ed25519PublicKey ??= pem(method.publicKey);
  }
  const fields: AccountField[] = [];
  for await (const attachment of actor.getAttachments(fetchOptions)) {
    if (attachment instanceof PropertyValue && fields.length < MAX_FIELDS) {
      fields.push({
        name: attachment.name?.toString() ?? '',
        value: sanitizeRemoteHtml(attachment.value?.toString()),
        verified_at: null,
      });
    }
  }
  const [avatar, header] = await Promise.all([
    imageUrl(actor.getIcon(fetchOptions)),
    imageUrl(actor.getImage(fetchOptions)),
  ]);
  return {
    uri: actor.id!.href,
    username: handleOf(actor),
    domain,
    displayName: actor.name?.toString() ?? '',
    note: sanitizeRemoteHtml(actor.summary?.toString()),
    url: href(actor.url) ?? actor.id!.href,
    inboxUrl: actor.inboxId?.href ?? null,
    outboxUrl: actor.outboxId?.href ?? null,
    sharedInboxUrl: actor.endpoints?.sharedInbox?.href ?? null,
    followersUrl: actor.followersId?.href ?? null,
    followingUrl: actor.followingId?.href ?? null,
    featuredCollectionUrl: actor.featuredId?.href ?? null,
    actorType: actorType(actor),
    publicKey: publicKey ?? '',
    ed25519PublicKey,
    locked: actor.manuallyApprovesFollowers ?? false,
    discoverable: actor.discoverable ?? null,
    indexable: actor.indexable ?? false,
    memorial: actor.memorial ?? false,
    fields,
    avatarRemoteUrl: avatar,
    headerRemoteUrl: header,
    lastWebfingeredAt: new Date(),
    alsoKnownAs: actor.aliasIds.slice(0, MAX_ALIASES).map((alias) => alias.href),
  };
}
