import { Injectable, Logger } from '@nestjs/common';
import {
  MediaAttachment,
  mediaAttachmentKey,
  MediaAttachmentRepository,
  MediaMeta,
  mediaThumbnailKey,
  Transaction,
} from '@nestodon/domain';
import { ImagePipeline } from './image-pipeline';
import { previewFormat } from './media-converter';
import { MediaFiles, newFileName, PreparedThumbnail, UploadedFile } from './media-files';
import { Focus, parseFocus, PREVIEW_MAX_ASPECT, validateDescription } from './media-rules';
import { MediaStorage } from './media-storage';

/** What PUT /api/v1/media/:id and a status edit's `media_attributes[]` may change. */
export interface MediaAttributesInput {
  description?: string | null;
  /** "x,y", each from -1.0 to 1.0. */
  focus?: string | null;
  thumbnail?: UploadedFile;
}

/** Validated changes, the new preview image already stored. */
export interface PreparedMediaChange {
  description?: string | null;
  focus?: Focus;
  thumbnail?: PreparedThumbnail & { fileName: string; key: string };
}

/**
 * Changes the description, focal point and custom preview of an attachment, in steps that let
 * a status edit do its part inside its transaction: `prepare` validates and stores a new
 * preview image (before the transaction), `apply` writes the row, then `finish` deletes the
 * replaced image and re-cuts a generated preview whose crop depends on the focal point (or
 * `discard` deletes the new image when the transaction failed).
 */
@Injectable()
export class MediaAttributesEditor {
  private readonly logger = new Logger(MediaAttributesEditor.name);

  constructor(
    private readonly media: MediaAttachmentRepository,
    private readonly files: MediaFiles,
    private readonly images: ImagePipeline,
    private readonly storage: MediaStorage,
  ) {}

  /** `field` prefixes the parameter names in errors (`media_attributes[0].` for edits). */
  async prepare(
    media: Pick<MediaAttachment, 'id' | 'remoteUrl'>,
    input: MediaAttributesInput,
    field = '',
  ): Promise<PreparedMediaChange> {
    const change: PreparedMediaChange = {};
    if (input.description !== undefined) {
      if (input.description !== null) validateDescription(input.description);
      change.description = input.description;
    }
    if (input.focus) change.focus = parseFocus(input.focus);
    if (input.thumbnail) {
      const prepared = await this.files.prepareThumbnail(input.thumbnail, `${field}thumbnail`);
      change.thumbnail = { ...prepared, ...(await this.files.storeThumbnail(media, prepared)) };
    }
    return change;
  }

  /** Whether applying the change would change anything. */
  changes(media: MediaAttachment, change: PreparedMediaChange): boolean {
    return (
      (change.description !== undefined && change.description !== media.description) ||
      (change.focus !== undefined &&
        JSON.stringify(change.focus) !== JSON.stringify(media.meta?.focus)) ||
      change.thumbnail !== undefined
    );
  }

  /** Writes the change to the row (and to `media`); returns the preview image it replaced. */
  async apply(
    media: MediaAttachment,
    change: PreparedMediaChange,
    tx?: Transaction,
  ): Promise<{ replacedThumbnail: string | null }> {
    const replacedThumbnail = change.thumbnail ? mediaThumbnailKey(media) : null;
    const meta: MediaMeta = { ...(media.meta ?? {}) };
    if (change.focus) meta.focus = change.focus;
    const fields: Partial<MediaAttachment> = { meta };
    if (change.description !== undefined) fields.description = change.description;
    if (change.thumbnail) {
      meta.small = change.thumbnail.meta;
      Object.assign(fields, {
        thumbnailFileName: change.thumbnail.fileName,
        thumbnailContentType: change.thumbnail.contentType,
        thumbnailFileSize: change.thumbnail.data.length,
        blurhash: change.thumbnail.blurhash,
      });
    }
    await this.media.update(media.id, fields, tx);
    Object.assign(media, fields);
    return { replacedThumbnail };
  }

  /** After a failed transaction: the stored preview image is not needed. */
  async discard(change: PreparedMediaChange): Promise<void> {
    if (change.thumbnail) await this.storage.deleteUnused([change.thumbnail.key]);
  }

  /**
   * After the change is saved: the replaced preview image goes, and the generated preview of an
   * elongated image is cut again around a new focal point (under new file names, as stored
   * files never change).
   */
  async finish(
    media: MediaAttachment,
    change: PreparedMediaChange,
    applied: { replacedThumbnail: string | null },
  ): Promise<void> {
    await this.storage.deleteUnused([applied.replacedThumbnail]);
    if (!change.focus || !this.previewFollowsFocus(media)) return;
    try {
      await this.recutPreview(media, change.focus);
    } catch (error) {
      // The old preview stays: only its crop is out of date.
      this.logger.warn(`Could not re-cut the preview of ${media.id}: ${String(error)}`);
    }
  }

  private previewFollowsFocus(media: MediaAttachment): boolean {
    const aspect = media.meta?.original?.aspect;
    return (
      media.type === 'image' &&
      media.processing === 'complete' &&
      !media.remoteUrl &&
      !media.thumbnailFileName &&
      aspect !== undefined &&
      (aspect > PREVIEW_MAX_ASPECT || 1 / aspect > PREVIEW_MAX_ASPECT)
    );
  }

  private async recutPreview(media: MediaAttachment, focus: Focus): Promise<void> {
    const oldKeys = [mediaAttachmentKey(media, 'original'), mediaAttachmentKey(media, 'small')];
    const original = await this.storage.read(oldKeys[0]!);
    const contentType = media.fileContentType!;
    const small = await this.images.preview(original, previewFormat(contentType), focus);
    const extension = media.fileFileName!.split('.').pop()!;
    const renamed = { ...media, fileFileName: newFileName(extension) };
    const stored = await this.files.storeConverted(renamed, {
      type: media.type,
      contentType,
      extension,
      original,
      small,
      meta: {},
      blurhash: small.blurhash,
    });
    const meta = { ...(media.meta ?? {}), small: small.meta };
    const saved = await this.media.replaceFiles(media.id, media.fileFileName!, {
      fileFileName: renamed.fileFileName,
      meta,
      blurhash: small.blurhash,
    });
    if (!saved) {
      await this.storage.deleteUnused(stored);
      return;
    }
    Object.assign(media, { fileFileName: renamed.fileFileName, meta, blurhash: small.blurhash });
    await this.storage.deleteUnused(oldKeys);
  }
}
