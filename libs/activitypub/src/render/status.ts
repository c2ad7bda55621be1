import {
  Announce,
  Collection,
  Create,
  Document,
  Hashtag,
  LanguageString,
  Mention,
  Note,
  PUBLIC_COLLECTION,
  Question,
  Tombstone,
} from '@fedify/vocab';
import { StatusVisibility } from '@nestodon/domain';
import { EmojiFacts, renderEmoji, toInstant } from './actor';
import { LocalUris } from './local-uris';

export interface MediaFacts {
  url: string;
  mediaType: string | null;
  description: string | null;
  width: number | null;
  height: number | null;
}

export interface PollFacts {
  options: Array<{ title: string; votesCount: number }>;
  multiple: boolean;
  expiresAt: Date | null;
  closed: boolean;
  votersCount: number | null;
}

/** What a local status's object shows, loaded (and its HTML rendered) beforehand. */
export interface StatusFacts {
  id: string;
  /** The author's username (statuses rendered here are local). */
  username: string;
  visibility: StatusVisibility;
  contentHtml: string;
  spoilerText: string;
  sensitive: boolean;
  language: string | null;
  createdAt: Date;
  editedAt: Date | null;
  /** The ActivityPub id of the status replied to. */
  inReplyTo: string | null;
  /** Mentioned actors: id and handle (`@user@domain`). */
  mentions: Array<{ uri: string; acct: string }>;
  tags: string[];
  emojis: EmojiFacts[];
  media: MediaFacts[];
  poll: PollFacts | null;
  counts: { replies: number; likes: number; shares: number };
}

/** A local reblog, published as an Announce of the original's id. */
export interface ReblogFacts {
  id: string;
  username: string;
  visibility: StatusVisibility;
  createdAt: Date;
  original: { uri: string; authorUri: string };
}

export interface Addressing {
  to: URL[];
  cc: URL[];
}

/**
 * Who a status is addressed to, as Mastodon does: public goes to everyone with the followers in
 * copy, unlisted to the followers with everyone in copy, private to the followers, direct only
 * to the mentioned; mentioned actors are copied on all but direct (where they are the audience).
 */
export function addressing(
  visibility: StatusVisibility,
  followers: string,
  mentioned: string[],
): Addressing {
  const mentions = mentioned.map((uri) => new URL(uri));
  const followersUrl = new URL(followers);
  switch (visibility) {
    case StatusVisibility.Public:
      return { to: [PUBLIC_COLLECTION], cc: [followersUrl, ...mentions] };
    case StatusVisibility.Unlisted:
      return { to: [followersUrl], cc: [PUBLIC_COLLECTION, ...mentions] };
    case StatusVisibility.Private:
      return { to: [followersUrl], cc: mentions };
    default:
      return { to: mentions, cc: [] };
  }
}

/** Anyone may fetch public and unlisted statuses; the rest only their audience. */
export const isPubliclyVisible = (visibility: StatusVisibility) =>
  visibility === StatusVisibility.Public || visibility === StatusVisibility.Unlisted;

/**
 * A local status as Mastodon's Note (Question when it has a poll): addressing per visibility,
 * content with a contentMap by language, content warning as `summary`, mentions, hashtags and
 * emojis as tags, media as attachments, `updated` once edited, and its replies, likes and
 * shares collections.
 */
export function renderStatusObject(facts: StatusFacts, uris: LocalUris): Note | Question {
  const { username, id } = facts;
  const { to, cc } = addressing(
    facts.visibility,
    uris.followers(username),
    facts.mentions.map((mention) => mention.uri),
  );
  const values = {
    id: new URL(uris.status(username, id)),
    url: new URL(uris.statusPage(username, id)),
    attribution: new URL(uris.actor(username)),
    published: toInstant(facts.createdAt),
    updated: facts.editedAt ? toInstant(facts.editedAt) : null,
    tos: to,
    ccs: cc,
    summary: facts.spoilerText || null,
    sensitive: facts.sensitive,
    replyTarget: facts.inReplyTo ? new URL(facts.inReplyTo) : null,
    contents: facts.language
      ? [facts.contentHtml, new LanguageString(facts.contentHtml, facts.language)]
      : [facts.contentHtml],
    attachments: facts.media.map(
      (media) =>
        new Document({
          url: new URL(media.url),
          mediaType: media.mediaType,
          name: media.description || null,
          width: media.width,
          height: media.height,
        }),
    ),
    tags: [
      ...facts.mentions.map(
        (mention) => new Mention({ href: new URL(mention.uri), name: mention.acct }),
      ),
      ...facts.tags.map((name) => new Hashtag({ href: new URL(uris.tag(name)), name: `#${name}` })),
      ...facts.emojis.map((emoji) => renderEmoji(emoji, uris)),
    ],
    replies: new Collection({
      id: new URL(uris.replies(username, id)),
      totalItems: facts.counts.replies,
    }),
    likes: new Collection({
      id: new URL(uris.likes(username, id)),
      totalItems: facts.counts.likes,
    }),
    shares: new Collection({
      id: new URL(uris.shares(username, id)),
      totalItems: facts.counts.shares,
    }),
  };
  if (!facts.poll) return new Note(values);
  const poll = facts.poll;
  const options = poll.options.map(
    (option) =>
      new Note({ name: option.title, replies: new Collection({ totalItems: option.votesCount }) }),
  );
  return new Question({
    ...values,
    ...(poll.multiple ? { inclusiveOptions: options } : { exclusiveOptions: options }),
    endTime: poll.expiresAt ? toInstant(poll.expiresAt) : null,
    closed: poll.closed && poll.expiresAt ? toInstant(poll.expiresAt) : null,
    voters: poll.votersCount,
  });
}

/** The Create a status was published with (its `/activity`). */
export function renderCreate(facts: StatusFacts, uris: LocalUris): Create {
  const object = renderStatusObject(facts, uris);
  return new Create({
    id: new URL(uris.statusActivity(facts.username, facts.id)),
    actor: new URL(uris.actor(facts.username)),
    published: toInstant(facts.createdAt),
    tos: [...object.toIds],
    ccs: [...object.ccIds],
    object,
  });
}

/** A reblog's Announce, addressed like a status of its visibility with the original's author copied. */
export function renderAnnounce(facts: ReblogFacts, uris: LocalUris): Announce {
  const { to, cc } = addressing(facts.visibility, uris.followers(facts.username), []);
  return new Announce({
    id: new URL(uris.statusActivity(facts.username, facts.id)),
    actor: new URL(uris.actor(facts.username)),
    published: toInstant(facts.createdAt),
    tos: to,
    ccs: [new URL(facts.original.authorUri), ...cc],
    object: new URL(facts.original.uri),
  });
}

/** What stays of a deleted status (served with 410 Gone). */
export function renderTombstone(username: string, statusId: string, uris: LocalUris): Tombstone {
  return new Tombstone({ id: new URL(uris.status(username, statusId)) });
}
