import { Injectable } from '@nestjs/common';
import {
  Account,
  MediaAttachment,
  MediaAttachmentRepository,
  MediaMeta,
  MediaType,
  pendingUploadKey,
  ValidationError,
} from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { InspectedMedia, MediaInspector } from './media-inspector';
import { MediaConverter } from './media-converter';
import { MediaFiles, newFileName, PreparedThumbnail, UploadedFile } from './media-files';
import { INLINE_IMAGE_PIXELS, parseFocus, validateDescription } from './media-rules';
import { MediaStorage } from './media-storage';
import { MediaWorkspace } from './media-workspace';
import { convertedMediaColumns } from './received-media-processor';

/** POST /api/v1/media and /api/v2/media. */
export interface UploadMediaInput {
  file?: UploadedFile;
  thumbnail?: UploadedFile;
  description?: string | null;
  /** "x,y", each from -1.0 to 1.0. */
  focus?: string | null;
}

export interface UploadMediaOptions {
  /**
   * Process every file within the request (the legacy POST /api/v1/media); otherwise only
   * small still images are, and the worker takes the rest.
   */
  synchronous: boolean;
}

/** What a file is while the worker processes it, as Mastodon types it before processing. */
const PENDING_TYPES: Record<InspectedMedia['kind'], MediaType> = {
  image: 'image',
  animation: 'gifv',
  video: 'video',
  audio: 'audio',
};

/** Extensions of uploads kept for the worker, by the type read from their bytes. */
const PENDING_EXTENSION = (mime: string) => mime.split('/')[1].replace(/^x-/, '').slice(0, 12);

/**
 * Uploads a media file for a later status: checked by its content and limits (422 otherwise),
 * then either processed here (small still images, or everything for the legacy endpoint) or
 * kept privately and handed to the worker (JobName.ProcessMedia), the attachment answering
 * `processing` meanwhile. A custom preview (`thumbnail`) is processed at once in both cases.
 */
@Injectable()
export class UploadMediaService {
  constructor(
    private readonly media: MediaAttachmentRepository,
    private readonly inspector: MediaInspector,
    private readonly converter: MediaConverter,
    private readonly files: MediaFiles,
    private readonly storage: MediaStorage,
    private readonly jobs: JobQueue,
  ) {}

  async call(
    account: Account,
    input: UploadMediaInput,
    options: UploadMediaOptions,
  ): Promise<MediaAttachment> {
    if (!input.file) {
      throw new ValidationError("Validation failed: File can't be blank", {
        file: [{ error: 'ERR_BLANK', description: "can't be blank" }],
      });
    }
    const file = input.file;
    const description = input.description ?? null;
    if (description !== null) validateDescription(description);
    const focus = input.focus ? parseFocus(input.focus) : null;
    const thumbnail = input.thumbnail
      ? await this.files.prepareThumbnail(input.thumbnail, 'thumbnail')
      : null;

    return MediaWorkspace.with(async (workspace) => {
      const inspected = await this.inspector.inspect(file.buffer, workspace);
      const inline =
        options.synchronous ||
        (inspected.kind === 'image' &&
          inspected.header.uprightWidth * inspected.header.uprightHeight <= INLINE_IMAGE_PIXELS);
      const fields = { accountId: account.id, description, thumbnail };
      if (inline) {
        const converted = await this.converter.convert(inspected, file.buffer, workspace, focus);
        return this.save(
          { ...fields, ...convertedMediaColumns(converted), processing: 'complete' },
          (row) => this.files.storeConverted(row, converted),
        );
      }
      const row = await this.save(
        {
          ...fields,
          type: PENDING_TYPES[inspected.kind],
          processing: 'queued',
          fileFileName: newFileName(PENDING_EXTENSION(inspected.mime)),
          fileContentType: inspected.mime,
          fileFileSize: file.size,
          meta: focus ? { focus } : null,
          blurhash: null,
        },
        async (saved) => {
          const key = pendingUploadKey(saved);
          await this.storage.put(key, file.buffer, {
            contentType: inspected.mime,
            access: 'private',
          });
          return [];
        },
      );
      await this.jobs.enqueue(JobName.ProcessMedia, { mediaAttachmentId: row.id });
      return row;
    });
  }

  /**
   * Inserts the row (its id names the files), then stores its files; a storage failure takes
   * the row and the files stored so far away again.
   */
  private async save(
    fields: Partial<MediaAttachment> & { thumbnail: PreparedThumbnail | null },
    store: (row: MediaAttachment) => Promise<string[]>,
  ): Promise<MediaAttachment> {
    const { thumbnail, ...columns } = fields;
    const meta: MediaMeta | null = thumbnail
      ? { ...(columns.meta ?? {}), small: thumbnail.meta }
      : (columns.meta ?? null);
    const row = await this.media.insert({
      ...columns,
      meta,
      blurhash: thumbnail?.blurhash ?? columns.blurhash ?? null,
      thumbnailContentType: thumbnail?.contentType ?? null,
      thumbnailFileSize: thumbnail?.data.length ?? null,
    });
    try {
      await store(row);
      if (thumbnail) {
        const { fileName } = await this.files.storeThumbnail(row, thumbnail);
        await this.media.update(row.id, { thumbnailFileName: fileName });
        row.thumbnailFileName = fileName;
      }
      return row;
    } catch (error) {
      await this.media.deleteUnattached(row.id, row.accountId!);
      await this.files.removeAll([row]);
      throw error;
    }
  }
}
