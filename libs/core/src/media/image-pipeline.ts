import { Injectable } from '@nestjs/common';
import { Limits, MediaMetaStyle } from '@nestodon/domain';
import { encode } from 'blurhash';
import type createSharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { fitWithin, Focus, geometry, previewRegion, SMALL_IMAGE_PIXELS } from './media-rules';

/**
 * sharp, loaded at the first image: with libvips it maps about 20 MB of native library (6 MB of
 * it resident), which an api or worker that has handled no image yet does without.
 */
export function loadSharp(): typeof createSharp {
  return require('sharp') as typeof createSharp;
}

/** What the header of an image says, read without decoding its pixels. */
export interface ImageHeader {
  /** libvips's loader: jpeg, png, gif, webp, heif, … */
  format: string;
  /** Size of one frame as stored. */
  width: number;
  height: number;
  /** Size of one frame once its EXIF orientation is applied (how it is seen). */
  uprightWidth: number;
  uprightHeight: number;
  /** Frames of an animation (1 for a still). */
  pages: number;
}

/** The image is unreadable, or bigger than processing allows. */
export class ImageRefusedError extends Error {
  constructor(
    message: string,
    readonly reason: 'unreadable' | 'too_large',
  ) {
    super(message);
  }
}

export type StillFormat = 'jpeg' | 'png' | 'webp' | 'gif';

export interface EncodedImage {
  data: Buffer;
  format: StillFormat;
  contentType: string;
  extension: string;
  width: number;
  height: number;
}

const FORMATS: Record<StillFormat, { contentType: string; extension: string }> = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
  gif: { contentType: 'image/gif', extension: 'gif' },
};

/** Mastodon's blurhash: 4×4 components, computed on a small copy (the result is the same). */
const BLURHASH_COMPONENTS = 4;
const BLURHASH_SOURCE_SIZE = 32;

/** Decoding never goes past Mastodon's image matrix limit (a decompression bomb stops here). */
const DECODE_OPTIONS = { limitInputPixels: Limits.mediaAttachments.imageMatrixLimit };

/**
 * The sharp operations every image goes through, shared by attachments and profile images:
 * header checks before decoding, orientation applied and metadata (EXIF with its location,
 * XMP, comments) dropped on every output, resizing to a pixel budget, previews and blurhash.
 */
@Injectable()
export class ImagePipeline {
  /** Reads the header and refuses pictures over the matrix limit before any decoding. */
  async header(input: Buffer): Promise<ImageHeader> {
    let meta: Metadata;
    try {
      meta = await loadSharp()(input, { limitInputPixels: false }).metadata();
    } catch {
      throw new ImageRefusedError('The image could not be read', 'unreadable');
    }
    const { format, width, height } = meta;
    if (!format || !width || !height) {
      throw new ImageRefusedError('The image could not be read', 'unreadable');
    }
    // Rotated by EXIF or not, the pixel count is what decoding costs.
    const pageHeight = meta.pageHeight ?? height;
    if (width * pageHeight > Limits.mediaAttachments.imageMatrixLimit) {
      throw new ImageRefusedError(
        `The image is ${width}×${pageHeight} pixels, more than the ` +
          `${Limits.mediaAttachments.imageMatrixLimit.toLocaleString('en')} allowed`,
        'too_large',
      );
    }
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      format,
      width,
      height: pageHeight,
      uprightWidth: turned ? pageHeight : width,
      uprightHeight: turned ? width : pageHeight,
      pages: meta.pages ?? 1,
    };
  }

  /** A decoder of the first frame, upright (EXIF orientation applied). */
  upright(input: Buffer): Sharp {
    return loadSharp()(input, { ...DECODE_OPTIONS, pages: 1 }).rotate();
  }

  /** The image upright, resized to fit `pixels`, in `format`, without metadata. */
  async encode(
    input: Buffer,
    header: ImageHeader,
    pixels: number,
    format: StillFormat,
  ): Promise<EncodedImage> {
    const size = { width: header.uprightWidth, height: header.uprightHeight };
    const { data, info } = await this.resized(this.upright(input), pixels, size)
      .toFormat(format, format === 'jpeg' ? { quality: 90 } : {})
      .toBuffer({ resolveWithObject: true });
    return { data, format, ...FORMATS[format], width: info.width, height: info.height };
  }

  /**
   * The small preview of a picture (an image, a video frame, a cover): the whole of it within
   * SMALL_IMAGE_PIXELS, or the band around the focal point of an elongated one.
   */
  async preview(
    input: Buffer,
    format: StillFormat,
    focus?: Focus | null,
  ): Promise<EncodedImage & { blurhash: string; meta: MediaMetaStyle }> {
    const header = await this.header(input);
    const region = previewRegion(header.uprightWidth, header.uprightHeight, focus);
    const whole = region.width === header.uprightWidth && region.height === header.uprightHeight;
    // Upright first, then the band; a whole picture lets JPEG decoding shrink on load.
    const cropped = whole ? this.upright(input) : this.upright(input).extract(region);
    const { data, info: out } = await this.resized(cropped, SMALL_IMAGE_PIXELS, region)
      .toFormat(format, format === 'jpeg' ? { quality: 85 } : {})
      .toBuffer({ resolveWithObject: true });
    return {
      data,
      format,
      ...FORMATS[format],
      width: out.width,
      height: out.height,
      blurhash: await this.blurhash(data),
      meta: geometry(out.width, out.height),
    };
  }

  /** Mastodon's placeholder hash of a picture. */
  async blurhash(input: Buffer): Promise<string> {
    const { data, info } = await loadSharp()(input, DECODE_OPTIONS)
      .resize(BLURHASH_SOURCE_SIZE, BLURHASH_SOURCE_SIZE, {
        fit: 'inside',
        withoutEnlargement: true,
      })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return encode(
      new Uint8ClampedArray(data),
      info.width,
      info.height,
      BLURHASH_COMPONENTS,
      BLURHASH_COMPONENTS,
    );
  }

  /** Shrunk (never enlarged) to the largest size of its aspect ratio within `pixels`. */
  private resized(image: Sharp, pixels: number, size: { width: number; height: number }): Sharp {
    const target = fitWithin(size.width, size.height, pixels);
    if (target.width === size.width && target.height === size.height) return image;
    return image.resize(target.width, target.height, { fit: 'fill' });
  }
}
