import { AppConfig } from '@nestodon/config';
import {
  MediaAttachment,
  mediaAttachmentKey,
  MediaMeta,
  mediaThumbnailKey,
} from '@nestodon/domain';

/** Mastodon's MediaAttachment entity. */
export interface MediaAttachmentJson {
  id: string;
  type: string;
  /** Null while the upload is processed. */
  url: string | null;
  preview_url: string | null;
  remote_url: string | null;
  preview_remote_url: string | null;
  /** Removed by Mastodon 3.5; kept null for clients that still read it. */
  text_url: null;
  meta: MediaMeta | null;
  description: string | null;
  blurhash: string | null;
}

/**
 * An attachment as clients see it: the stored files' URLs once processed (the remote URL of a
 * remote file not stored here), the custom preview image before the generated one.
 */
export function serializeMediaAttachment(
  media: MediaAttachment,
  config: Pick<AppConfig, 'media'>,
): MediaAttachmentJson {
  const urlOf = (key: string | null) => (key ? `${config.media.baseUrl}/${key}` : null);
  const processed = media.processing === 'complete';
  const stored = processed ? urlOf(mediaAttachmentKey(media, 'original')) : null;
  const small = processed && media.meta?.small ? urlOf(mediaAttachmentKey(media, 'small')) : null;
  const remote = media.remoteUrl || null;
  const uncachedRemote = remote !== null && !media.fileFileName;
  return {
    id: media.id,
    type: media.type,
    url: stored ?? (uncachedRemote ? remote : null),
    preview_url:
      urlOf(mediaThumbnailKey(media)) ??
      small ??
      (uncachedRemote ? (media.thumbnailRemoteUrl ?? remote) : null),
    remote_url: remote,
    preview_remote_url: media.thumbnailRemoteUrl ?? null,
    text_url: null,
    meta: media.meta ?? null,
    description: media.description,
    blurhash: media.blurhash,
  };
}
