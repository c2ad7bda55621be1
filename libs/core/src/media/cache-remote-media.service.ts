import { Injectable, Logger } from '@nestjs/common';
import { AccountRepository, Limits, MediaAttachmentRepository } from '@nestodon/domain';
import { SafeHttpClient } from '@nestodon/platform';
import { DomainModerationQueries } from '../domain-moderation/domain-moderation-queries';
import { MediaStorage } from './media-storage';
import { ReceivedMediaProcessor } from './received-media-processor';

/** The largest remote file fetched: the largest upload this server takes. */
const MAX_REMOTE_BYTES = Math.max(
  Limits.mediaAttachments.imageSizeLimit,
  Limits.mediaAttachments.videoSizeLimit,
);

/**
 * The worker's copy of a remote attachment (JobName.CacheRemoteMedia), as Mastodon downloads
 * remote media: fetched through the safe client, checked and converted as an upload is, and
 * stored under the cache prefix (`media remove` forgets such copies). Nothing is fetched from a
 * server whose media are rejected, nor for links (type unknown). Whatever fails leaves the
 * attachment served from its remote URL. True when a copy was stored.
 */
@Injectable()
export class CacheRemoteMediaService {
  private readonly logger = new Logger(CacheRemoteMediaService.name);

  constructor(
    private readonly media: MediaAttachmentRepository,
    private readonly accounts: AccountRepository,
    private readonly domainModeration: DomainModerationQueries,
    private readonly client: SafeHttpClient,
    private readonly processor: ReceivedMediaProcessor,
    private readonly storage: MediaStorage,
  ) {}

  async call(mediaAttachmentId: string): Promise<boolean> {
    const media = await this.media.findById(mediaAttachmentId);
    if (!media?.remoteUrl || media.fileFileName || media.type === 'unknown') return false;
    const owner = media.accountId ? await this.accounts.findById(media.accountId) : null;
    if (!owner?.domain || (await this.domainModeration.verdictFor(owner.domain)).rejectMedia) {
      return false;
    }
    let stored: string[] = [];
    try {
      const response = await this.client.fetch(media.remoteUrl, { maxBytes: MAX_REMOTE_BYTES });
      if (!response.ok) throw new Error(`${media.remoteUrl} answered ${response.status}`);
      const data = Buffer.from(await response.arrayBuffer());
      const processed = await this.processor.process(media, data);
      stored = processed.stored;
      if (await this.media.cacheRemoteFile(media.id, processed.columns)) return true;
      // Cached by another run (or gone) meanwhile: nothing names these files.
      await this.storage.deleteUnused(stored);
      return false;
    } catch (error) {
      this.logger.warn(
        `Remote media ${media.id} not cached: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.storage.deleteUnused(stored);
      return false;
    }
  }
}
