import { Document, Image, Link, Object as APObject, Video, Audio } from '@fedify/vocab';
import type { MediaMeta, MediaType, RemoteMediaFields } from '@nestodon/domain';
import type { DocumentLoaders } from './remote-actors';

/** Attachments taken from one remote status; Mastodon takes up to 16 from other servers. */
export const MAX_REMOTE_ATTACHMENTS = 16;
/** Mastodon's limit on an attachment's description. */
const MAX_DESCRIPTION = 1500;
const BLURHASH_DIGITS =
  '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~';

type Json = Record<string, unknown>;
const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * An attachment's type as clients show it, from its media type (or, without one, from its
 * ActivityStreams type); what is neither image, video nor audio is `unknown` (a link).
 */
export function mediaTypeOf(mediaType: string | null, object?: APObject): MediaType {
  if (mediaType) {
    const kind = mediaType.split('/')[0].toLowerCase();
    if (kind === 'image' || kind === 'video' || kind === 'audio') return kind;
    return 'unknown';
  }
  if (object instanceof Image) return 'image';
  if (object instanceof Video) return 'video';
  if (object instanceof Audio) return 'audio';
  return 'unknown';
}

/**
 * A blurhash Mastodon would show: well-formed, its length matching its component counts,
 * at most 5×5 components.
 */
export function usableBlurhash(value: unknown): string | null {
  if (typeof value !== 'string' || value.length < 6 || value.length > 100) return null;
  if ([...value].some((char) => !BLURHASH_DIGITS.includes(char))) return null;
  const sizeFlag = BLURHASH_DIGITS.indexOf(value[0]);
  const [x, y] = [(sizeFlag % 9) + 1, Math.floor(sizeFlag / 9) + 1];
  return x <= 5 && y <= 5 && value.length === 4 + 2 * x * y ? value : null;
}

/** A focal point `[x, y]`, each within −1…1, as Mastodon's meta keeps it. */
export function focalPointOf(value: unknown): { x: number; y: number } | null {
  if (!Array.isArray(value) || value.length !== 2) return null;
  const [x, y] = value as unknown[];
  const within = (n: unknown): n is number => typeof n === 'number' && n >= -1 && n <= 1;
  return within(x) && within(y) ? { x, y } : null;
}

const webUrl = (url: URL | null | undefined) =>
  url && (url.protocol === 'https:' || url.protocol === 'http:') ? url.href : null;

/** The first web URL of an attachment and the media type its link gives. */
function fileOf(object: APObject): { url: string; mediaType: string | null } | null {
  for (const candidate of object.urls) {
    const url = webUrl(candidate instanceof Link ? candidate.href : candidate);
    if (url) return { url, mediaType: candidate instanceof Link ? candidate.mediaType : null };
  }
  return null;
}

/** The raw attachment entries of the object as sent, by their URL (Fedify skips Mastodon's extension terms). */
function rawAttachmentsByUrl(source: Json | null): Map<string, Json> {
  const byUrl = new Map<string, Json>();
  for (const entry of [source?.attachment ?? []].flat()) {
    if (!isJson(entry)) continue;
    const url = [entry.url].flat()[0];
    const href = typeof url === 'string' ? url : isJson(url) ? url.href : null;
    if (typeof href === 'string') byUrl.set(href, entry);
  }
  return byUrl;
}

/**
 * The attachments of a status object (Mastodon's MediaAttachmentParser): documents with a web
 * URL, their alt text (`summary`, else `name`), size, preview image (`icon`), and from the
 * document as sent (`source`) the blurhash and focal point Mastodon adds.
 */
export async function mediaOf(
  loaders: DocumentLoaders,
  object: APObject,
  source: Json | null,
): Promise<RemoteMediaFields[]> {
  const raw = rawAttachmentsByUrl(source);
  const media: RemoteMediaFields[] = [];
  for await (const item of object.getAttachments({ ...loaders, suppressError: true })) {
    if (media.length >= MAX_REMOTE_ATTACHMENTS) break;
    if (!(item instanceof APObject)) continue;
    const file = fileOf(item);
    if (!file) continue;
    const extra = raw.get(file.url);
    const icon = await item.getIcon({ ...loaders, suppressError: true }).catch(() => null);
    const thumbnail = icon ? fileOf(icon) : null;
    const description = (item.summary ?? item.name)?.toString().trim() || null;
    media.push({
      type: mediaTypeOf(item.mediaType ?? file.mediaType, item),
      remoteUrl: file.url,
      thumbnailRemoteUrl: thumbnail?.url ?? null,
      description: description?.slice(0, MAX_DESCRIPTION) ?? null,
      blurhash: usableBlurhash(extra?.blurhash),
      meta: metaOf(item, focalPointOf(extra?.focalPoint)),
    });
  }
  return media;
}

function metaOf(item: APObject, focus: { x: number; y: number } | null): MediaMeta | null {
  const meta: MediaMeta = {};
  if (item instanceof Document && item.width && item.height && item.width > 0 && item.height > 0) {
    const { width, height } = item;
    meta.original = { width, height, size: `${width}x${height}`, aspect: width / height };
  }
  if (focus) meta.focus = focus;
  return Object.keys(meta).length ? meta : null;
}
