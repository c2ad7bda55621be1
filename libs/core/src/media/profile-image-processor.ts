import { Injectable } from '@nestjs/common';
import { Limits, ProfileImage, ValidationError } from '@nestodon/domain';
import { randomBytes } from 'node:crypto';
import { ImageHeader, ImagePipeline, loadSharp } from './image-pipeline';

/** A file from a multipart request. */
export interface UploadedImage {
  buffer: Buffer;
  size: number;
}

export interface ProcessedImage {
  /** A fresh random file name with the output extension. */
  fileName: string;
  contentType: string;
  original: Buffer;
  /** First frame as PNG, for animated GIFs only. */
  still: Buffer | null;
}

/** Mastodon's profile image sizes, cropped to fill. */
export const PROFILE_IMAGE_SIZES: Record<ProfileImage, { width: number; height: number }> = {
  avatar: { width: 400, height: 400 },
  header: { width: 1500, height: 500 },
};

const OUTPUT: Record<
  string,
  { format: 'jpeg' | 'png' | 'webp' | 'gif'; contentType: string; extension: string }
> = {
  jpeg: { format: 'jpeg', contentType: 'image/jpeg', extension: 'jpg' },
  png: { format: 'png', contentType: 'image/png', extension: 'png' },
  webp: { format: 'webp', contentType: 'image/webp', extension: 'webp' },
  gif: { format: 'gif', contentType: 'image/gif', extension: 'gif' },
};

const LABEL: Record<ProfileImage, string> = { avatar: 'Avatar', header: 'Header' };

function invalid(image: ProfileImage, message: string, code = 'ERR_INVALID'): ValidationError {
  return new ValidationError(`Validation failed: ${LABEL[image]} ${message}`, {
    [image]: [{ error: code, description: message }],
  });
}

/**
 * Checks an uploaded avatar or header by its content (never its declared type), resizes it and
 * strips metadata. JPEG, PNG, WebP and GIF are accepted; animated GIFs keep their animation and
 * get a still first frame.
 */
@Injectable()
export class ProfileImageProcessor {
  constructor(private readonly images: ImagePipeline) {}

  async process(image: ProfileImage, upload: UploadedImage): Promise<ProcessedImage> {
    if (upload.size > Limits.mediaAttachments.imageSizeLimit) {
      throw invalid(image, 'file size must be less than 16 MB', 'ERR_TOO_LARGE');
    }
    let header: ImageHeader | null;
    try {
      header = await this.images.header(upload.buffer);
    } catch {
      header = null;
    }
    const format = header?.format;
    const pages = header?.pages ?? 1;
    const output = format ? OUTPUT[format] : undefined;
    if (!output) throw invalid(image, 'must be a JPEG, PNG, GIF or WebP image', 'ERR_INVALID');

    const { width, height } = PROFILE_IMAGE_SIZES[image];
    const resize = { width, height, fit: 'cover' as const, position: 'centre' as const };
    const animated = format === 'gif' && pages > 1;
    const options = { limitInputPixels: Limits.mediaAttachments.imageMatrixLimit };
    try {
      const input = loadSharp()(upload.buffer, { ...options, animated });
      // Apply EXIF orientation (stills only) before the metadata is stripped.
      const pipeline = (animated ? input : input.rotate()).resize(resize);
      const original = await pipeline.toFormat(output.format).toBuffer();
      const still =
        format === 'gif'
          ? await loadSharp()(upload.buffer, { ...options, pages: 1 })
              .resize(resize)
              .png()
              .toBuffer()
          : null;
      return {
        fileName: `${randomBytes(8).toString('hex')}.${output.extension}`,
        contentType: output.contentType,
        original,
        still,
      };
    } catch {
      throw invalid(image, 'could not be processed', 'ERR_INVALID');
    }
  }
}
