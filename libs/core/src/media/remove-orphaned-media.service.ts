import { Injectable } from '@nestjs/common';
import { MediaAttachmentRepository, StoredMediaFiles } from '@nestodon/domain';
import { CleanupCount } from '../maintenance/remove-unreferenced-statuses.service';
import { MediaFiles } from './media-files';

/** Unattached uploads are kept this long (for a post being written, or a redraft). */
export const ORPHANED_MEDIA_TTL_MS = 24 * 3600_000;
const BATCH = 100;

export interface OrphanedMediaOptions {
  /** Unattached for at least this many days (default: ORPHANED_MEDIA_TTL_MS). */
  days?: number;
  batchSize?: number;
}

/**
 * Removes, rows and files, the uploads no status used for a day (counted from their last
 * change, so media detached by a delete-and-redraft get the day too) and the media of statuses
 * deleted without a redraft: hourly in the worker (JobName.RemoveOrphanedMedia), and as the
 * media step of `statuses remove` (with its `days`).
 */
@Injectable()
export class RemoveOrphanedMediaService {
  constructor(
    private readonly media: MediaAttachmentRepository,
    private readonly files: MediaFiles,
  ) {}

  async call(options: OrphanedMediaOptions = {}, now = new Date()): Promise<CleanupCount> {
    const age = options.days !== undefined ? options.days * 24 * 3600_000 : ORPHANED_MEDIA_TTL_MS;
    const cutoff = new Date(now.getTime() - age);
    const batch = options.batchSize ?? BATCH;
    const removed =
      (await this.drain(batch, (limit) => this.media.deleteOrphans(cutoff, limit))) +
      (await this.drain(batch, (limit) => this.media.deleteOfDeletedStatuses(limit)));
    // Rows are chosen and deleted in one statement: every one looked at is removed.
    return { processed: removed, removed };
  }

  private async drain(
    size: number,
    batch: (limit: number) => Promise<StoredMediaFiles[]>,
  ): Promise<number> {
    let removed = 0;
    for (;;) {
      const rows = await batch(size);
      await this.files.removeAll(rows);
      removed += rows.length;
      if (rows.length < size) return removed;
    }
  }
}
