import { Temporal } from '@js-temporal/polyfill';
import {
  Application,
  CryptographicKey,
  Emoji,
  Endpoints,
  Group,
  Image,
  Multikey,
  Organization,
  Person,
  PropertyValue,
  Service,
} from '@fedify/vocab';
import type { ActorType } from '@nestodon/domain';
import { LocalUris } from './local-uris';

export type LocalActor = Person | Service | Group | Application | Organization;

/** An image as the actor shows it: avatar (`icon`) or header (`image`). */
export interface ImageFacts {
  url: string;
  mediaType: string | null;
}

/** A local custom emoji used in a name, bio, field or status. */
export interface EmojiFacts {
  id: string;
  shortcode: string;
  url: string;
  mediaType: string | null;
  updatedAt: Date;
}

/** The public halves of an actor's keys, as Fedify publishes them. */
export interface ActorPublicKeys {
  /** RSA, for HTTP Signatures (`publicKey`). */
  publicKey: CryptographicKey;
  /** Every key as a Multikey, Ed25519 included, for Object Integrity Proofs. */
  assertionMethods: Multikey[];
}

/** What a local account's actor document shows, loaded and rendered to HTML beforehand. */
export interface ActorFacts {
  username: string;
  actorType: ActorType;
  displayName: string;
  noteHtml: string;
  fields: Array<{ name: string; valueHtml: string }>;
  avatar: ImageFacts | null;
  header: ImageFacts | null;
  emojis: EmojiFacts[];
  locked: boolean;
  discoverable: boolean;
  indexable: boolean;
  memorial: boolean;
  suspended: boolean;
  /** The actor id of the account this one moved to. */
  movedTo: string | null;
  createdAt: Date;
  keys: ActorPublicKeys;
}

const ACTOR_CLASSES = { Person, Service, Group, Application, Organization } as const;

/**
 * An instant to the whole second, as Mastodon writes times in ActivityPub (`iso8601`): the same
 * text whatever the milliseconds, which would otherwise print as `.15Z` for 150 ms.
 */
export const toInstant = (date: Date) =>
  Temporal.Instant.fromEpochMilliseconds(Math.floor(date.getTime() / 1000) * 1000);

/** A custom emoji as a `tag` of actors and statuses (Mastodon's toot:Emoji). */
export function renderEmoji(emoji: EmojiFacts, uris: LocalUris): Emoji {
  return new Emoji({
    id: new URL(uris.emoji(emoji.id)),
    name: `:${emoji.shortcode}:`,
    updated: toInstant(emoji.updatedAt),
    icon: new Image({ url: new URL(emoji.url), mediaType: emoji.mediaType }),
  });
}

const renderImage = (image: ImageFacts | null) =>
  image ? new Image({ url: new URL(image.url), mediaType: image.mediaType }) : null;

/**
 * A local account as an ActivityPub actor, shaped like Mastodon's: Person (Service for bots),
 * inbox, outbox, collections, shared inbox, keys, profile fields as PropertyValue, avatar and
 * header, emoji tags. A suspended account keeps only what identifies it, flagged `suspended`.
 */
export function renderActor(facts: ActorFacts, uris: LocalUris): LocalActor {
  const { username } = facts;
  const id = new URL(uris.actor(username));
  const shared = {
    id,
    preferredUsername: username,
    url: new URL(uris.profile(username)),
    inbox: new URL(uris.inbox(username)),
    outbox: new URL(uris.outbox(username)),
    followers: new URL(uris.followers(username)),
    following: new URL(uris.following(username)),
    featured: new URL(uris.featured(username)),
    featuredTags: new URL(uris.featuredTags(username)),
    endpoints: new Endpoints({ sharedInbox: new URL(uris.sharedInbox()) }),
    publicKey: facts.keys.publicKey,
    assertionMethods: facts.keys.assertionMethods,
    manuallyApprovesFollowers: facts.locked,
    published: toInstant(midnight(facts.createdAt)),
  };
  const ActorClass = ACTOR_CLASSES[facts.actorType] ?? Person;
  if (facts.suspended) {
    return new ActorClass({ ...shared, name: '', summary: '', suspended: true });
  }
  return new ActorClass({
    ...shared,
    name: facts.displayName,
    summary: facts.noteHtml,
    discoverable: facts.discoverable,
    indexable: facts.indexable,
    memorial: facts.memorial || null,
    successor: facts.movedTo ? new URL(facts.movedTo) : null,
    icon: renderImage(facts.avatar),
    image: renderImage(facts.header),
    attachments: facts.fields.map(
      (field) => new PropertyValue({ name: field.name, value: field.valueHtml }),
    ),
    tags: facts.emojis.map((emoji) => renderEmoji(emoji, uris)),
  });
}

/**
 * The instance actor (`/actor`), which signs our fetches: an Application named after the
 * domain, locked, receiving at the shared inbox, as Mastodon's.
 */
export function renderInstanceActor(
  facts: { localDomain: string; keys: ActorPublicKeys },
  uris: LocalUris,
): Application {
  const id = new URL(uris.instanceActor());
  return new Application({
    id,
    preferredUsername: facts.localDomain,
    name: facts.localDomain,
    url: new URL(`${uris.baseUrl}/`),
    inbox: new URL(uris.instanceActorInbox()),
    outbox: new URL(uris.instanceActorOutbox()),
    endpoints: new Endpoints({ sharedInbox: new URL(uris.sharedInbox()) }),
    publicKey: facts.keys.publicKey,
    assertionMethods: facts.keys.assertionMethods,
    manuallyApprovesFollowers: true,
  });
}

/** Mastodon publishes the day an account was created, not the instant. */
function midnight(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}
