import { Limits, MediaMetaStyle, ValidationError } from '@nestodon/domain';

/** Mastodon's image styles: the original at most 3840×2160 worth of pixels, the preview 640×360. */
export const ORIGINAL_IMAGE_PIXELS = 8_294_400;
export const SMALL_IMAGE_PIXELS = 230_400;

/**
 * Still images up to this many pixels are processed within the upload request (POST
 * /api/v2/media answers 200); larger ones, like every GIF, video and audio file, go to the
 * worker (202).
 */
export const INLINE_IMAGE_PIXELS = 4_194_304;

/**
 * A preview keeps the whole picture unless it is more elongated than this (panoramas, long
 * screenshots): then it is cut to this ratio around the focal point, so that it shows what
 * matters at a useful size.
 */
export const PREVIEW_MAX_ASPECT = 3;

/** Mastodon's video encoding: about 0.11 bits per pixel at 30 fps, 192 kbit/s AAC, 36,000 frames. */
export const VIDEO_BITS_PER_PIXEL = 0.11;
export const AUDIO_BITRATE = 192_000;
export const MAX_VIDEO_FRAMES = 36_000;

/** FFmpeg may take this long on one file before the job gives up on it. */
export const FFMPEG_TIMEOUT_MS = 10 * 60_000;

export interface Focus {
  x: number;
  y: number;
}

const fieldError = (field: string, message: string, code = 'ERR_INVALID') =>
  new ValidationError(`Validation failed: ${message}`, {
    [field]: [{ error: code, description: message }],
  });

/** `focus` as "x,y", each from -1.0 to 1.0 (left/bottom to right/top); a 422 otherwise. */
export function parseFocus(text: string): Focus {
  const match = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
  const [x, y] = match ? [Number(match[1]), Number(match[2])] : [NaN, NaN];
  if (!(Math.abs(x) <= 1 && Math.abs(y) <= 1)) {
    throw fieldError('focus', 'Focus must be two numbers from -1.0 to 1.0, as "x,y"');
  }
  return { x, y };
}

/** A description within Mastodon's limit (counted in characters, as Ruby does). */
export function validateDescription(description: string): void {
  const limit = Limits.mediaAttachments.descriptionLimit;
  if ([...description].length > limit) {
    throw fieldError(
      'description',
      `Description is too long (maximum is ${limit} characters)`,
      'ERR_TOO_LONG',
    );
  }
}

/** Width, height, "WxH" and aspect ratio, as Mastodon's meta has them. */
export function geometry(
  width: number,
  height: number,
): Required<Pick<MediaMetaStyle, 'width' | 'height' | 'size' | 'aspect'>> {
  return { width, height, size: `${width}x${height}`, aspect: width / height };
}

/** The largest size with this aspect ratio within `pixels` (the size itself when it fits). */
export function fitWithin(
  width: number,
  height: number,
  pixels: number,
): { width: number; height: number } {
  if (width * height <= pixels) return { width, height };
  const scale = Math.sqrt(pixels / (width * height));
  return {
    width: Math.max(1, Math.floor(width * scale)),
    height: Math.max(1, Math.floor(height * scale)),
  };
}

/**
 * The region of a `width`×`height` picture a preview shows: all of it, or for a picture more
 * elongated than PREVIEW_MAX_ASPECT the widest band of that ratio, as centred on the focal
 * point as the picture allows (focus y grows upwards, as Mastodon's).
 */
export function previewRegion(
  width: number,
  height: number,
  focus: Focus | null | undefined,
): { left: number; top: number; width: number; height: number } {
  const aspect = width / height;
  const fx = focus?.x ?? 0;
  const fy = focus?.y ?? 0;
  if (aspect > PREVIEW_MAX_ASPECT) {
    const cropWidth = Math.round(height * PREVIEW_MAX_ASPECT);
    const centre = ((fx + 1) / 2) * width;
    const left = clamp(Math.round(centre - cropWidth / 2), 0, width - cropWidth);
    return { left, top: 0, width: cropWidth, height };
  }
  if (1 / aspect > PREVIEW_MAX_ASPECT) {
    const cropHeight = Math.round(width * PREVIEW_MAX_ASPECT);
    const centre = ((1 - fy) / 2) * height;
    const top = clamp(Math.round(centre - cropHeight / 2), 0, height - cropHeight);
    return { left: 0, top, width, height: cropHeight };
  }
  return { left: 0, top: 0, width, height };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A duration as Mastodon's `length`: "H:MM:SS.ss". */
export function formatLength(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds - hours * 3600 - minutes * 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${rest.toFixed(2).padStart(5, '0')}`;
}

/**
 * The video bitrate of a transcode: enough for the picture (Mastodon's bits per pixel at 30
 * fps), but never so much that the file would pass the video size limit.
 */
export function videoBitrate(width: number, height: number, durationSeconds: number): number {
  const desired = Math.floor(width * height * 30 * VIDEO_BITS_PER_PIXEL);
  const maximum =
    Math.floor((Limits.mediaAttachments.videoSizeLimit * 8) / Math.max(durationSeconds, 1)) -
    AUDIO_BITRATE;
  return Math.max(100_000, Math.min(desired, maximum));
}

/** A frame rate as FFmpeg writes it ("30000/1001") in frames per second. */
export function frameRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [numerator, denominator] = rate.split('/').map(Number);
  const fps = denominator ? numerator / denominator : numerator;
  return Number.isFinite(fps) && fps > 0 ? fps : null;
}
