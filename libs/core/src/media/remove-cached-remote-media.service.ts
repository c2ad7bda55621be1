import { Injectable } from '@nestjs/common';
import { MediaAttachmentRepository, StoredMediaFiles } from '@nestodon/domain';
import { MediaFiles } from './media-files';

const BATCH = 100;

export interface CachedMediaRemoval {
  count: number;
  /** Bytes of the removed files, as their records give them. */
  bytes: number;
}

const bytesOf = (rows: StoredMediaFiles[]) =>
  rows.reduce((sum, row) => sum + (row.fileFileSize ?? 0) + (row.thumbnailFileSize ?? 0), 0);

/**
 * `media remove --days N` (tootctl): forgets the local copies of other servers' media created
 * and last changed more than `days` ago; the records keep their remote URLs, so the files can
 * be fetched again. `dryRun` only counts them.
 */
@Injectable()
export class RemoveCachedRemoteMediaService {
  constructor(
    private readonly media: MediaAttachmentRepository,
    private readonly files: MediaFiles,
  ) {}

  async call(options: { days: number; dryRun?: boolean }): Promise<CachedMediaRemoval> {
    const cutoff = new Date(Date.now() - options.days * 24 * 3600_000);
    const total: CachedMediaRemoval = { count: 0, bytes: 0 };
    let afterId = '0';
    for (;;) {
      const rows = options.dryRun
        ? await this.media.cachedRemote(cutoff, afterId, BATCH)
        : await this.media.clearCachedRemote(cutoff, BATCH);
      if (!options.dryRun) await this.files.removeAll(rows);
      total.count += rows.length;
      total.bytes += bytesOf(rows);
      if (rows.length < BATCH) return total;
      afterId = rows[rows.length - 1].id;
    }
  }
}
