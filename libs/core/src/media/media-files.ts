import { Injectable } from '@nestjs/common';
import {
  MediaAttachment,
  mediaAttachmentKey,
  mediaAttachmentKeys,
  MediaMetaStyle,
  mediaThumbnailKey,
} from '@nestodon/domain';
import { randomBytes } from 'node:crypto';
import { ConvertedMedia } from './media-converter';
import { EncodedImage, ImagePipeline } from './image-pipeline';
import { MediaInspector } from './media-inspector';
import { MediaStorage } from './media-storage';

/** A file from a multipart request. */
export interface UploadedFile {
  buffer: Buffer;
  size: number;
}

/** A processed custom preview image, not stored yet. */
export type PreparedThumbnail = EncodedImage & { blurhash: string; meta: MediaMetaStyle };

/** A fresh, unguessable file name (Mastodon's 16 hex digits) with an extension. */
export const newFileName = (extension: string) => `${randomBytes(8).toString('hex')}.${extension}`;

/**
 * Stores and removes an attachment's files: the processed styles, custom previews, and every
 * key of a removed attachment. Keys come from the row (id partition plus random name), never
 * from what was uploaded.
 */
@Injectable()
export class MediaFiles {
  constructor(
    private readonly storage: MediaStorage,
    private readonly inspector: MediaInspector,
    private readonly images: ImagePipeline,
  ) {}

  /** Stores the original and small styles under the row's file name; returns the keys. */
  async storeConverted(
    media: Pick<MediaAttachment, 'id' | 'remoteUrl' | 'fileFileName' | 'fileContentType'>,
    converted: ConvertedMedia,
  ): Promise<string[]> {
    const stored: string[] = [];
    try {
      const original = mediaAttachmentKey(media, 'original')!;
      await this.storage.put(original, converted.original, { contentType: converted.contentType });
      stored.push(original);
      if (converted.small) {
        const small = mediaAttachmentKey(media, 'small')!;
        await this.storage.put(small, converted.small.data, {
          contentType: converted.small.contentType,
        });
        stored.push(small);
      }
      return stored;
    } catch (error) {
      await this.storage.deleteUnused(stored);
      throw error;
    }
  }

  /** Checks and processes a custom preview image (`field` names it in errors). */
  async prepareThumbnail(file: UploadedFile, field: string): Promise<PreparedThumbnail> {
    const { mime } = await this.inspector.inspectStill(file.buffer, field);
    const format = mime === 'image/png' ? 'png' : mime === 'image/webp' ? 'webp' : 'jpeg';
    return this.images.preview(file.buffer, format);
  }

  /** Stores a prepared preview image for the attachment; returns its file name and key. */
  async storeThumbnail(
    media: Pick<MediaAttachment, 'id' | 'remoteUrl'>,
    thumbnail: PreparedThumbnail,
  ): Promise<{ fileName: string; key: string }> {
    const fileName = newFileName(thumbnail.extension);
    const key = mediaThumbnailKey({ ...media, thumbnailFileName: fileName })!;
    await this.storage.put(key, thumbnail.data, { contentType: thumbnail.contentType });
    return { fileName, key };
  }

  /** Removes every file of attachments that are gone; failures are only logged. */
  async removeAll(rows: Parameters<typeof mediaAttachmentKeys>[0][]): Promise<void> {
    for (const row of rows) {
      const keys = mediaAttachmentKeys(row);
      await this.storage.deleteUnused(keys.public);
      await this.storage.deleteUnused(keys.private, 'private');
    }
  }
}
