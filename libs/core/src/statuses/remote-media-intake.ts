import { Injectable } from '@nestjs/common';
import {
  Account,
  MediaAttachment,
  MediaAttachmentRepository,
  RemoteMediaFields,
  Status,
  StatusWriteRepository,
  Transaction,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { DomainModerationQueries } from '../domain-moderation/domain-moderation-queries';

/** The attachments a remote status now has, and whether that differs from before. */
export interface AppliedRemoteMedia {
  ids: string[];
  /** Added, removed, reordered, or with another description or focal point. */
  changed: boolean;
  /** New attachments the worker may copy (not links). */
  toCache: string[];
}

const focusOf = (meta: MediaAttachment['meta']) => JSON.stringify(meta?.focus ?? null);

/**
 * The attachments of remote statuses, created and edited (Mastodon's process_attachments and
 * update_media_attachments!): known by their remote URLs, so that an edit keeps the rows (and
 * copies) of the files it keeps; from a server whose media are rejected here only links (type
 * unknown, as Mastodon shows media it never downloads), never fetched; others copied by the
 * worker after commit. Rows an edit drops stay on the status for its history.
 */
@Injectable()
export class RemoteMediaIntake {
  constructor(
    private readonly domainModeration: DomainModerationQueries,
    private readonly mediaRows: MediaAttachmentRepository,
    private readonly writes: StatusWriteRepository,
    private readonly jobs: JobQueue,
  ) {}

  /** The attachments as the author's server's moderation lets them be stored. */
  async prepare(account: Account, media: RemoteMediaFields[]): Promise<RemoteMediaFields[]> {
    if (media.length === 0 || !account.domain) return media;
    const { rejectMedia } = await this.domainModeration.verdictFor(account.domain);
    return rejectMedia ? media.map((fields) => ({ ...fields, type: 'unknown' as const })) : media;
  }

  /** Gives the status exactly `media`, in order (inside the transaction that writes it). */
  async apply(
    status: Pick<Status, 'id' | 'accountId' | 'orderedMediaAttachmentIds'>,
    media: RemoteMediaFields[],
    tx: Transaction,
  ): Promise<AppliedRemoteMedia> {
    const previousIds = status.orderedMediaAttachmentIds ?? [];
    const previous = await this.writes.findMedia(previousIds, tx);
    const byUrl = new Map(previous.map((row) => [row.remoteUrl, row]));
    const ids: string[] = [];
    const toCache: string[] = [];
    let changed = false;
    for (const fields of media) {
      const known = byUrl.get(fields.remoteUrl);
      if (known) {
        if (
          known.description !== fields.description ||
          focusOf(known.meta) !== focusOf(fields.meta)
        ) {
          changed = true;
        }
        await this.mediaRows.update(
          known.id,
          {
            description: fields.description,
            thumbnailRemoteUrl: fields.thumbnailRemoteUrl,
            blurhash: known.blurhash ?? fields.blurhash,
            meta: { ...known.meta, focus: fields.meta?.focus },
          },
          tx,
        );
        ids.push(known.id);
        continue;
      }
      const [id] = await this.mediaRows.insertRemote(
        { accountId: status.accountId, statusId: status.id },
        [fields],
        tx,
      );
      ids.push(id);
      if (fields.type !== 'unknown') toCache.push(id);
    }
    changed ||= ids.join() !== previousIds.join();
    if (changed) {
      await this.writes.update(
        status.id,
        { orderedMediaAttachmentIds: ids.length ? ids : null },
        tx,
      );
    }
    return { ids, changed, toCache };
  }

  /** After commit: the worker copies the new files. */
  async cache(applied: AppliedRemoteMedia): Promise<void> {
    await this.jobs.enqueueMany(
      JobName.CacheRemoteMedia,
      applied.toCache.map((mediaAttachmentId) => ({ mediaAttachmentId })),
    );
  }
}
