import { Injectable, Logger } from '@nestjs/common';
import { MediaAttachmentRepository, pendingUploadKey } from '@nestodon/domain';
import { MediaStorage } from './media-storage';
import { ReceivedMediaProcessor } from './received-media-processor';

/**
 * The worker's half of an upload (JobName.ProcessMedia): converts the file the api kept, stores
 * the served styles, and completes the attachment; the upload as received is then deleted. A
 * file that cannot be converted, or any other failure, marks the attachment `failed` (clients
 * see the processing error and upload again) rather than leaving it processing for ever. An
 * attachment processed, failed or deleted already is left alone.
 */
@Injectable()
export class ProcessMediaService {
  private readonly logger = new Logger(ProcessMediaService.name);

  constructor(
    private readonly media: MediaAttachmentRepository,
    private readonly processor: ReceivedMediaProcessor,
    private readonly storage: MediaStorage,
  ) {}

  /** Whether the attachment is now processed. */
  async call(mediaAttachmentId: string): Promise<boolean> {
    const pending = await this.media.claimForProcessing(mediaAttachmentId);
    if (!pending) return false;
    const uploadKey = pendingUploadKey(pending);
    let stored: string[] = [];
    try {
      const data = await this.storage.read(uploadKey, 'private');
      const processed = await this.processor.process(pending, data);
      stored = processed.stored;
      if (!(await this.media.completeProcessing(pending.id, processed.columns))) {
        // Deleted (or failed by another run) meanwhile: nothing names these files.
        await this.storage.deleteUnused(stored);
        return false;
      }
    } catch (error) {
      this.logger.warn(
        `Media attachment ${pending.id} could not be processed: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.storage.deleteUnused(stored);
      await this.media.markFailed(pending.id);
      await this.storage.deleteUnused([uploadKey], 'private');
      return false;
    }
    await this.storage.deleteUnused([uploadKey], 'private');
    return true;
  }
}
