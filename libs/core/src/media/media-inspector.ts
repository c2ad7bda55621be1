import { Injectable } from '@nestjs/common';
import { Limits, ValidationError } from '@nestodon/domain';
import { fileTypeFromBuffer } from 'file-type';
import { Ffmpeg, FfmpegError, Probe, ProbedStream } from './ffmpeg';
import { ImageHeader, ImagePipeline, ImageRefusedError } from './image-pipeline';
import { frameRate } from './media-rules';
import { MediaWorkspace } from './media-workspace';

/** An upload whose real type is known and within the limits, ready to be converted. */
export type InspectedMedia =
  | { kind: 'image'; mime: string; header: ImageHeader }
  | { kind: 'animation'; mime: string; header: ImageHeader }
  | { kind: 'video'; mime: string; probe: Probe; video: ProbedStream; audio: ProbedStream | null }
  | {
      kind: 'audio';
      mime: string;
      probe: Probe;
      audio: ProbedStream;
      cover: ProbedStream | null;
    };

/** Still images sharp decodes, by the type read from their bytes. */
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif']);
/** Animated images that become looping videos (gifv). */
const ANIMATION_TYPES = new Set(['image/apng']);
/** Containers of video or audio, as file-type names them; FFprobe tells which they hold. */
const TIME_BASED_TYPES = new Set([
  'video/mp4',
  'video/x-m4v',
  'video/quicktime',
  'video/webm',
  'video/ogg',
  'video/3gpp',
  'video/x-ms-asf',
  'audio/x-ms-asf',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'audio/flac',
  'audio/aac',
  'audio/x-m4a',
  'audio/mp4',
]);

/**
 * Markup in the first bytes would make a browser that ignores Content-Type read the file as a
 * page; such polyglots are refused even though every served file is re-encoded.
 */
const MARKUP = /<(?:!doctype|html|head|body|script|iframe|svg|object|embed|meta|a\s|\?xml)/i;
const SNIFFED_BYTES = 1024;
/** A ZIP directory at the end of an image is a GIFAR-style polyglot (an archive as well). */
const ZIP_END_OF_DIRECTORY = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
const ZIP_TAIL_BYTES = 65_557;

export const FILE_TYPE_ERROR = 'File type of uploaded media could not be verified';

const invalid = (field: string, message: string, code = 'ERR_INVALID') =>
  new ValidationError(`Validation failed: ${message}`, {
    [field]: [{ error: code, description: message }],
  });

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Tells what an upload really is from its bytes (`file-type`; never its name or declared
 * type), refuses anything else (SVG, HTML, archives, polyglots) and checks the limits before
 * any decoding: file size per kind, image matrix (decompression bombs), video dimensions and
 * frame rate. Every refusal is a 422 naming the field.
 */
@Injectable()
export class MediaInspector {
  constructor(
    private readonly images: ImagePipeline,
    private readonly ffmpeg: Ffmpeg,
  ) {}

  /** `field` names the parameter in errors (`file`, `thumbnail`). */
  async inspect(data: Buffer, workspace: MediaWorkspace, field = 'file'): Promise<InspectedMedia> {
    const mime = await sniffType(data);
    if (!mime) throw invalid(field, FILE_TYPE_ERROR);
    refusePolyglots(data, mime, field);
    const limits = Limits.mediaAttachments;

    if (IMAGE_TYPES.has(mime) || ANIMATION_TYPES.has(mime)) {
      if (data.length > limits.imageSizeLimit) {
        throw invalid(field, `File size must be less than ${megabytes(limits.imageSizeLimit)}`);
      }
      const header = await this.readHeader(data, field);
      const animated = ANIMATION_TYPES.has(mime) || (mime === 'image/gif' && header.pages > 1);
      return { kind: animated ? 'animation' : 'image', mime, header };
    }
    if (!TIME_BASED_TYPES.has(mime)) throw invalid(field, FILE_TYPE_ERROR);
    if (data.length > limits.videoSizeLimit) {
      throw invalid(field, `File size must be less than ${megabytes(limits.videoSizeLimit)}`);
    }
    let probe: Probe;
    try {
      probe = await this.ffmpeg.probe(await workspace.write('input', data));
    } catch (error) {
      if (error instanceof FfmpegError) throw invalid(field, FILE_TYPE_ERROR);
      throw error;
    }
    const audio = probe.streams.find((stream) => stream.codec_type === 'audio') ?? null;
    const pictures = probe.streams.filter((stream) => stream.codec_type === 'video');
    const video = pictures.find((stream) => !stream.disposition?.attached_pic) ?? null;
    if (video) {
      checkVideoLimits(video, field);
      return { kind: 'video', mime, probe, video, audio };
    }
    if (!audio) throw invalid(field, 'The file has neither video nor audio');
    const cover = pictures.find((stream) => stream.disposition?.attached_pic) ?? null;
    return { kind: 'audio', mime, probe, audio, cover };
  }

  /** An image upload that must be a still picture (custom thumbnails). */
  async inspectStill(data: Buffer, field: string): Promise<{ mime: string; header: ImageHeader }> {
    const mime = await sniffType(data);
    if (!mime || !IMAGE_TYPES.has(mime)) throw invalid(field, FILE_TYPE_ERROR);
    refusePolyglots(data, mime, field);
    const limit = Limits.mediaAttachments.imageSizeLimit;
    if (data.length > limit) {
      throw invalid(field, `File size must be less than ${megabytes(limit)}`);
    }
    return { mime, header: await this.readHeader(data, field) };
  }

  private async readHeader(data: Buffer, field: string): Promise<ImageHeader> {
    try {
      return await this.images.header(data);
    } catch (error) {
      if (error instanceof ImageRefusedError) {
        throw invalid(field, error.reason === 'too_large' ? error.message : FILE_TYPE_ERROR);
      }
      throw error;
    }
  }
}

/** The type `file-type` reads from the magic bytes, or null when it knows none. */
async function sniffType(data: Buffer): Promise<string | null> {
  return (await fileTypeFromBuffer(data))?.mime ?? null;
}

function refusePolyglots(data: Buffer, mime: string, field: string): void {
  const head = data.subarray(0, SNIFFED_BYTES).toString('latin1');
  const zipTail =
    mime.startsWith('image/') &&
    data.subarray(Math.max(0, data.length - ZIP_TAIL_BYTES)).includes(ZIP_END_OF_DIRECTORY);
  if (MARKUP.test(head) || zipTail) {
    throw invalid(field, 'The file holds markup or an archive besides media, and is refused');
  }
}

function checkVideoLimits(video: ProbedStream, field: string): void {
  const limits = Limits.mediaAttachments;
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  if (!width || !height) throw invalid(field, FILE_TYPE_ERROR);
  if (width * height > limits.videoMatrixLimit) {
    throw invalid(
      field,
      `Video dimensions ${width}×${height} exceed the limit of ` +
        `${limits.videoMatrixLimit.toLocaleString('en')} pixels`,
    );
  }
  const fps = frameRate(video.avg_frame_rate) ?? frameRate(video.r_frame_rate) ?? 0;
  if (fps > limits.videoFrameRateLimit) {
    throw invalid(
      field,
      `Video frame rate of ${Math.round(fps)} fps exceeds the limit of ${limits.videoFrameRateLimit}`,
    );
  }
}
