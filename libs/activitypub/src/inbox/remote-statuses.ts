import type { Context } from '@fedify/fedify';
import {
  Article,
  Emoji,
  Hashtag,
  Mention,
  Note,
  Object as APObject,
  Page,
  PUBLIC_COLLECTION,
  Question,
} from '@fedify/vocab';
import { LanguageString } from '@fedify/vocab-runtime';
import { Injectable } from '@nestjs/common';
import {
  CreateRemoteStatusService,
  EditRemoteStatusService,
  StoreRemoteEmojisService,
} from '@nestodon/core';
import {
  Account,
  RemoteEmojiFields,
  RemotePollFields,
  Status,
  StatusVisibility,
} from '@nestodon/domain';
import { htmlToText, sanitizeRemoteHtml } from '@nestodon/text';
import { InboundLookups } from './inbound-lookups';
import { DocumentLoaders, RemoteActors } from './remote-actors';
import { emojiOf } from './remote-emojis';
import { mediaOf } from './remote-media';

/** A JSON-LD document as sent, for the extension terms Fedify does not model. */
export type JsonDocument = Record<string, unknown>;

/** Object types that become statuses, as Mastodon takes them. */
export type StatusObject = Note | Article | Page | Question;
export const isStatusObject = (object: unknown): object is StatusObject =>
  object instanceof Note ||
  object instanceof Article ||
  object instanceof Page ||
  object instanceof Question;

/** How far up a thread missing ancestors are fetched (Mastodon stops at a few levels too). */
export const MAX_ANCESTOR_DEPTH = 5;
const MAX_TAGS = 50;
/** More options than any poll software offers: the rest of a longer list is left off. */
const MAX_POLL_OPTIONS = 64;

/** Why a remote object was not believed. */
export class RemoteObjectError extends Error {}

/**
 * Visibility from addressing, as Mastodon reads it: the public collection in `to` is public,
 * in `cc` unlisted; the author's followers collection private; anything else direct.
 */
export function visibilityOf(
  object: Pick<APObject, 'toIds' | 'ccIds'>,
  followersUrl: string | null,
): StatusVisibility {
  const to = object.toIds.map((url) => url.href);
  const cc = object.ccIds.map((url) => url.href);
  const isPublic = (href: string) => href === PUBLIC_COLLECTION.href || href === 'as:Public';
  if (to.some(isPublic)) return StatusVisibility.Public;
  if (cc.some(isPublic)) return StatusVisibility.Unlisted;
  if (followersUrl && [...to, ...cc].includes(followersUrl)) return StatusVisibility.Private;
  return StatusVisibility.Direct;
}

/**
 * Remote statuses from their objects: created once, under the author the object names, with
 * HTML sanitised, addressing read as visibility, mentions of accounts known here, hashtags,
 * and the replied-to status (fetched from its origin when missing, a few levels up).
 */
@Injectable()
export class RemoteStatuses {
  constructor(
    private readonly lookups: InboundLookups,
    private readonly remoteActors: RemoteActors,
    private readonly create: CreateRemoteStatusService,
    private readonly editService: EditRemoteStatusService,
    private readonly emojis: StoreRemoteEmojisService,
  ) {}

  /**
   * Fetches a status object from its origin and stores it, under the author the fetched
   * document names; the id must be on the origin it was served from.
   */
  async fetch(ctx: Context<unknown>, uri: string, depth = 0): Promise<Status | null> {
    const { document, documentUrl } = await ctx.documentLoader(uri);
    const object = await APObject.fromJsonLd(document, ctx);
    if (!isStatusObject(object) || !object.id || !object.attributionId) {
      throw new RemoteObjectError(`${uri} is not a status`);
    }
    if (object.id.origin !== new URL(documentUrl).origin) {
      throw new RemoteObjectError(`${uri} claims an id on another origin`);
    }
    const known = await this.lookups.status(ctx, object.id);
    if (known) return known;
    const author = await this.remoteActors.resolveUri(object.attributionId.href, ctx);
    if (author.uri && new URL(author.uri).origin !== object.id.origin) {
      throw new RemoteObjectError(`${uri} is attributed to an actor of another origin`);
    }
    return this.store(ctx, object, author, document as JsonDocument, depth);
  }

  /**
   * Stores an object whose author is known to be `author` (the verified signer, or fetched);
   * `source`: the object as sent, when at hand.
   */
  async store(
    ctx: Context<unknown>,
    object: StatusObject,
    author: Account,
    source: JsonDocument | null,
    depth = 0,
  ): Promise<Status | null> {
    return this.create.call(author, {
      ...(await this.content(ctx, object, author, source)),
      uri: object.id!.href,
      url: urlOf(object),
      visibility: visibilityOf(object, author.followersUrl),
      createdAt: object.published ? new Date(object.published.epochMilliseconds) : new Date(),
      inReplyTo: await this.parent(ctx, object, depth),
    });
  }

  /**
   * Fetches a stored remote status again from its origin and applies what changed (an edit,
   * its poll's counts); false when the document is not that status by that author.
   */
  async refresh(ctx: Context<unknown>, status: Status): Promise<boolean> {
    const author = status.account;
    if (status.local || !status.uri || !author?.uri) return false;
    const { document, documentUrl } = await ctx.documentLoader(status.uri);
    const object = await APObject.fromJsonLd(document, ctx);
    if (
      !isStatusObject(object) ||
      object.id?.href !== status.uri ||
      object.id.origin !== new URL(documentUrl).origin ||
      object.attributionId?.href !== author.uri
    ) {
      return false;
    }
    await this.edit(ctx, object, author, status, document as JsonDocument);
    return true;
  }

  /** Applies an edit of a stored status by its author (the verified signer). */
  async edit(
    ctx: Context<unknown>,
    object: StatusObject,
    author: Account,
    status: Status,
    source: JsonDocument | null,
  ) {
    const editedAt = object.updated ?? object.published;
    return this.editService.call(author, status.id, {
      ...(await this.content(ctx, object, author, source)),
      editedAt: editedAt ? new Date(editedAt.epochMilliseconds) : new Date(),
    });
  }

  /**
   * Text, warnings, language, mentions of accounts known here, hashtags, poll and attachments
   * of an object; the custom emojis it tags are stored as its author's server's.
   */
  private async content(
    ctx: Context<unknown>,
    object: StatusObject,
    author: Account,
    source: JsonDocument | null,
  ) {
    const mentioned: Account[] = [];
    const hashtags: string[] = [];
    const emojis: RemoteEmojiFields[] = [];
    for await (const tag of object.getTags({ ...ctx, suppressError: true })) {
      if (mentioned.length + hashtags.length + emojis.length >= MAX_TAGS) break;
      if (tag instanceof Mention && tag.href) {
        const account = await this.lookups.knownAccount(ctx, tag.href);
        if (account) mentioned.push(account);
      } else if (tag instanceof Hashtag && tag.name) {
        const name = tag.name.toString().replace(/^#/, '');
        if (/^[\p{L}\p{N}_]+$/u.test(name)) hashtags.push(name);
      } else if (tag instanceof Emoji) {
        const emoji = await emojiOf(ctx, tag);
        if (emoji) emojis.push(emoji);
      }
    }
    if (author.domain) await this.emojis.call(author.domain, emojis);
    const content = object.contents[0] ?? object.content;
    const summary = object.summary?.toString() ?? '';
    return {
      contentHtml: sanitizeRemoteHtml(content?.toString() ?? object.name?.toString()),
      spoilerText: htmlToText(sanitizeRemoteHtml(summary)),
      sensitive: object.sensitive ?? summary !== '',
      language: content instanceof LanguageString ? content.locale.language : null,
      mentioned,
      hashtags,
      poll: object instanceof Question ? await pollOf(ctx, object) : null,
      media: await mediaOf(ctx, object, source),
    };
  }

  /** The replied-to status: known here, or fetched while the thread is not too deep. */
  private async parent(
    ctx: Context<unknown>,
    object: StatusObject,
    depth: number,
  ): Promise<Status | null> {
    const parentId = object.replyTargetId;
    if (!parentId) return null;
    const known = await this.lookups.status(ctx, parentId);
    if (known || depth >= MAX_ANCESTOR_DEPTH || parentId.origin === ctx.origin) return known;
    // An unreachable or refused ancestor leaves the reply without its parent, as on Mastodon.
    return this.fetch(ctx, parentId.href, depth + 1).catch(() => null);
  }
}

/**
 * The embedded object of an activity as it was sent (Fedify keeps the document it parsed; else
 * it writes it again, its contexts loaded through `loaders`), or null when the activity only
 * names it.
 */
export async function embeddedSource(
  activity: APObject,
  objectId: URL,
  loaders: DocumentLoaders,
): Promise<JsonDocument | null> {
  const json = await activity.toJsonLd({ contextLoader: loaders.contextLoader });
  const object = typeof json === 'object' && json !== null ? (json as JsonDocument).object : null;
  return typeof object === 'object' &&
    object !== null &&
    (object as JsonDocument).id === objectId.href
    ? (object as JsonDocument)
    : null;
}

/**
 * The poll a Question publishes, as Mastodon reads it: `anyOf` options make it multiple-choice,
 * else `oneOf`; each option's count is its `replies.totalItems`; it ends at `closed` when that
 * is a time, now when `closed` is true, else at `endTime`. Null without options.
 */
export async function pollOf(
  loaders: DocumentLoaders,
  question: Question,
): Promise<RemotePollFields | null> {
  const fetchOptions = { ...loaders, suppressError: true };
  const multiple =
    question.inclusiveOptionIds.length > 0 ||
    (await firstOf(question.getInclusiveOptions(fetchOptions))) !== null;
  const items = multiple
    ? question.getInclusiveOptions(fetchOptions)
    : question.getExclusiveOptions(fetchOptions);
  const options: string[] = [];
  const tallies: number[] = [];
  for await (const item of items) {
    const title = item.name?.toString();
    if (!title) continue;
    if (options.length >= MAX_POLL_OPTIONS) break;
    const replies = await item.getReplies(fetchOptions).catch(() => null);
    options.push(title);
    tallies.push(Math.max(0, Math.trunc(replies?.totalItems ?? 0)));
  }
  if (options.length === 0) return null;
  const closed = question.closed;
  const end =
    typeof closed === 'object' && closed !== null
      ? new Date(closed.epochMilliseconds)
      : closed === true
        ? new Date()
        : question.endTime
          ? new Date(question.endTime.epochMilliseconds)
          : null;
  const voters = question.voters;
  return {
    options,
    tallies,
    multiple,
    expiresAt: end,
    votersCount: voters === null ? null : Math.max(0, Math.trunc(voters)),
  };
}

async function firstOf<T>(items: AsyncIterable<T>): Promise<T | null> {
  for await (const item of items) return item;
  return null;
}

function urlOf(object: StatusObject): string | null {
  const url = object.url;
  const href = url instanceof URL ? url.href : (url?.href?.href ?? null);
  return href && href !== object.id?.href ? href : null;
}
