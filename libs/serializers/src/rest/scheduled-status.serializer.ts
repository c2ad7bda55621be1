import { AppConfig } from '@nestodon/config';
import { MediaAttachment, ScheduledStatus, ScheduledStatusParams } from '@nestodon/domain';
import { MediaAttachmentJson, serializeMediaAttachment } from './media-attachment.serializer';

/** Mastodon's ScheduledStatus entity. */
export interface ScheduledStatusJson {
  id: string;
  scheduled_at: string;
  params: ScheduledStatusParams;
  media_attachments: MediaAttachmentJson[];
}

export function serializeScheduledStatus(
  scheduled: ScheduledStatus,
  media: MediaAttachment[],
  config: Pick<AppConfig, 'media'>,
): ScheduledStatusJson {
  const byId = new Map(media.map((row) => [row.id, row]));
  const ordered = (scheduled.params.media_ids ?? []).flatMap((id) => {
    const row = byId.get(String(id));
    return row ? [row] : [];
  });
  return {
    id: scheduled.id,
    scheduled_at: scheduled.scheduledAt.toISOString(),
    params: scheduled.params,
    media_attachments: ordered.map((row) => serializeMediaAttachment(row, config)),
  };
}
