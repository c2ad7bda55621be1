import { AppConfig } from '@nestodon/config';
import { idPartition, MediaAttachment } from '@nestodon/domain';

/** Mastodon's MediaAttachment entity. */
export interface MediaAttachmentJson {
  id: string;
  type: string;
  url: string | null;
  preview_url: string | null;
  remote_url: string | null;
  preview_remote_url: null;
  text_url: null;
  meta: Record<string, unknown> | null;
  description: string | null;
  blurhash: string | null;
}

/** Storage key of a stored attachment file in one of its styles. */
export function mediaAttachmentKey(
  media: Pick<MediaAttachment, 'id' | 'fileFileName'>,
  style: 'original' | 'small',
): string {
  return `media_attachments/files/${idPartition(media.id)}/${style}/${media.fileFileName}`;
}

export function serializeMediaAttachment(
  media: MediaAttachment,
  config: Pick<AppConfig, 'media'>,
): MediaAttachmentJson {
  const stored = media.fileFileName
    ? {
        url: `${config.media.baseUrl}/${mediaAttachmentKey(media, 'original')}`,
        preview: `${config.media.baseUrl}/${mediaAttachmentKey(media, 'small')}`,
      }
    : null;
  const remote = media.remoteUrl || null;
  return {
    id: media.id,
    type: media.type,
    url: stored?.url ?? remote,
    preview_url: stored?.preview ?? remote,
    remote_url: remote,
    preview_remote_url: null,
    text_url: null,
    meta: media.meta ?? null,
    description: media.description,
    blurhash: media.blurhash,
  };
}
