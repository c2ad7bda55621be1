import { Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { MediaMeta, MediaMetaStyle, MediaType, previewExtension } from '@nestodon/domain';
import { Ffmpeg, Probe, ProbedStream } from './ffmpeg';
import { EncodedImage, ImagePipeline, StillFormat } from './image-pipeline';
import { InspectedMedia } from './media-inspector';
import {
  AUDIO_BITRATE,
  FFMPEG_TIMEOUT_MS,
  Focus,
  formatLength,
  frameRate,
  geometry,
  MAX_VIDEO_FRAMES,
  ORIGINAL_IMAGE_PIXELS,
  videoBitrate,
} from './media-rules';
import { MediaWorkspace } from './media-workspace';

/** The files and facts of a processed upload. */
export interface ConvertedMedia {
  type: MediaType;
  /** The served file: its type, extension and bytes. */
  contentType: string;
  extension: string;
  original: Buffer;
  /** The generated preview, stored as the `small` style (none for audio without a cover). */
  small: EncodedImage | null;
  meta: MediaMeta;
  blurhash: string | null;
}

/** Output format of stills, by the type read from the upload (AVIF becomes JPEG, as Mastodon). */
const STILL_FORMATS: Record<string, StillFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/avif': 'jpeg',
};

const PREVIEW_FORMATS: Record<ReturnType<typeof previewExtension>, StillFormat> = {
  jpg: 'jpeg',
  png: 'png',
  webp: 'webp',
};

/** The format of the small preview stored beside a file of this type. */
export const previewFormat = (contentType: string): StillFormat =>
  PREVIEW_FORMATS[previewExtension(contentType)];

/** H.264 in MP4 with AAC (or no) audio plays everywhere: such videos are kept as they are. */
const PASSTHROUGH = {
  containers: ['mov', 'mp4'],
  video: ['h264'],
  audio: ['aac', null],
  pixelFormats: ['yuv420p', 'yuvj420p'],
};

/** Audio kept as it is (metadata dropped); everything else becomes MP3, as on Mastodon. */
const KEPT_AUDIO: Record<string, { container: string; extension: string; contentType: string }> = {
  mp3: { container: 'mp3', extension: 'mp3', contentType: 'audio/mpeg' },
  vorbis: { container: 'ogg', extension: 'ogg', contentType: 'audio/ogg' },
  opus: { container: 'ogg', extension: 'ogg', contentType: 'audio/ogg' },
};

/**
 * Converts an inspected upload into what is served, as Mastodon does: stills re-encoded upright
 * without metadata within 8.3 megapixels, animated GIF and PNG into looping MP4 without audio
 * (gifv), video into H.264/AAC MP4 within the size limit (compatible files only remuxed), audio
 * into MP3 (MP3 and Ogg kept); each with a small preview and its blurhash when it has a picture.
 */
@Injectable()
export class MediaConverter {
  constructor(
    private readonly images: ImagePipeline,
    private readonly ffmpeg: Ffmpeg,
  ) {}

  async convert(
    media: InspectedMedia,
    data: Buffer,
    workspace: MediaWorkspace,
    focus: Focus | null,
  ): Promise<ConvertedMedia> {
    switch (media.kind) {
      case 'image':
        return this.still(media, data, focus);
      case 'animation':
        return this.animation(data, workspace, focus);
      case 'video':
        return this.video(media, data, workspace, focus);
      case 'audio':
        return this.audio(media, data, workspace, focus);
    }
  }

  private async still(
    media: Extract<InspectedMedia, { kind: 'image' }>,
    data: Buffer,
    focus: Focus | null,
  ): Promise<ConvertedMedia> {
    const format = STILL_FORMATS[media.mime];
    const original = await this.images.encode(data, media.header, ORIGINAL_IMAGE_PIXELS, format);
    const small = await this.images.preview(
      original.data,
      previewFormat(original.contentType),
      focus,
    );
    return {
      type: 'image',
      contentType: original.contentType,
      extension: original.extension,
      original: original.data,
      small,
      meta: withFocus(
        { original: geometry(original.width, original.height), small: small.meta },
        focus,
      ),
      blurhash: small.blurhash,
    };
  }

  private async animation(
    data: Buffer,
    workspace: MediaWorkspace,
    focus: Focus | null,
  ): Promise<ConvertedMedia> {
    const input = await workspace.write('input', data);
    const output = workspace.path('output.mp4');
    await this.ffmpeg.run(
      [
        '-i',
        input,
        '-map',
        '0:v:0',
        '-an',
        '-sn',
        '-map_metadata',
        '-1',
        '-c:v',
        'libx264',
        '-preset',
        'veryfast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-vf',
        'scale=trunc(iw/2)*2:trunc(ih/2)*2',
        '-movflags',
        '+faststart',
        output,
      ],
      FFMPEG_TIMEOUT_MS,
    );
    const small = await this.images.preview(data, previewFormat('video/mp4'), focus);
    return this.timeBased('gifv', output, 'video/mp4', 'mp4', small, focus);
  }

  private async video(
    media: Extract<InspectedMedia, { kind: 'video' }>,
    data: Buffer,
    workspace: MediaWorkspace,
    focus: Focus | null,
  ): Promise<ConvertedMedia> {
    const input = await workspace.write('input', data);
    const output = workspace.path('output.mp4');
    const streams = ['-map', `0:${media.video.index}`];
    if (media.audio) streams.push('-map', `0:${media.audio.index}`);
    const common = ['-sn', '-dn', '-map_metadata', '-1', '-movflags', '+faststart'];
    if (canPassThrough(media)) {
      await this.ffmpeg.run(
        ['-i', input, ...streams, '-c', 'copy', ...common, output],
        FFMPEG_TIMEOUT_MS,
      );
    } else {
      const duration = Number(media.probe.format.duration ?? media.video.duration ?? 0);
      const bitrate = videoBitrate(media.video.width!, media.video.height!, duration);
      await this.ffmpeg.run(
        [
          '-i',
          input,
          ...streams,
          '-c:v',
          'libx264',
          '-preset',
          'veryfast',
          '-pix_fmt',
          'yuv420p',
          '-vf',
          'crop=floor(iw/2)*2:floor(ih/2)*2',
          '-b:v',
          String(bitrate),
          '-maxrate',
          String(bitrate),
          '-bufsize',
          String(bitrate * 2),
          '-frames:v',
          String(MAX_VIDEO_FRAMES),
          '-c:a',
          'aac',
          '-b:a',
          String(AUDIO_BITRATE),
          ...common,
          output,
        ],
        FFMPEG_TIMEOUT_MS,
      );
    }
    const frame = await this.extractFrame(output, '0:v:0', workspace);
    const small = await this.images.preview(frame, previewFormat('video/mp4'), focus);
    return this.timeBased(media.audio ? 'video' : 'gifv', output, 'video/mp4', 'mp4', small, focus);
  }

  private async audio(
    media: Extract<InspectedMedia, { kind: 'audio' }>,
    data: Buffer,
    workspace: MediaWorkspace,
    focus: Focus | null,
  ): Promise<ConvertedMedia> {
    const input = await workspace.write('input', data);
    const kept = KEPT_AUDIO[media.audio.codec_name ?? ''];
    const keep = kept && media.probe.format.format_name?.split(',').includes(kept.container);
    const target = keep ? kept : KEPT_AUDIO.mp3;
    const output = workspace.path(`output.${target.extension}`);
    const codec = keep ? ['-c:a', 'copy'] : ['-c:a', 'libmp3lame', '-q:a', '2'];
    await this.ffmpeg.run(
      [
        '-i',
        input,
        '-map',
        `0:${media.audio.index}`,
        '-vn',
        ...codec,
        '-map_metadata',
        '-1',
        output,
      ],
      FFMPEG_TIMEOUT_MS,
    );
    const small = media.cover
      ? await this.images.preview(
          await this.extractFrame(input, `0:${media.cover.index}`, workspace),
          previewFormat(target.contentType),
          focus,
        )
      : null;
    return this.timeBased('audio', output, target.contentType, target.extension, small, focus);
  }

  /** One frame of a stream as PNG (a video's first frame, an audio file's cover). */
  private async extractFrame(
    input: string,
    stream: string,
    workspace: MediaWorkspace,
  ): Promise<Buffer> {
    const frame = workspace.path('frame.png');
    await this.ffmpeg.run(
      ['-i', input, '-map', stream, '-frames:v', '1', '-c:v', 'png', '-f', 'image2', frame],
      FFMPEG_TIMEOUT_MS,
    );
    return workspace.read('frame.png');
  }

  /** Reads the converted file back with FFprobe for Mastodon's meta of time-based media. */
  private async timeBased(
    type: MediaType,
    output: string,
    contentType: string,
    extension: string,
    small: (EncodedImage & { blurhash: string; meta: MediaMetaStyle }) | null,
    focus: Focus | null,
  ): Promise<ConvertedMedia> {
    const probe = await this.ffmpeg.probe(output);
    const meta = withFocus(timeBasedMeta(probe), focus);
    if (small) meta.small = small.meta;
    return {
      type,
      contentType,
      extension,
      original: await readFile(output),
      small,
      meta,
      blurhash: small?.blurhash ?? null,
    };
  }
}

function canPassThrough(media: Extract<InspectedMedia, { kind: 'video' }>): boolean {
  const containers = media.probe.format.format_name?.split(',') ?? [];
  return (
    PASSTHROUGH.containers.some((name) => containers.includes(name)) &&
    PASSTHROUGH.video.includes(media.video.codec_name ?? '') &&
    PASSTHROUGH.audio.includes(media.audio?.codec_name ?? null) &&
    PASSTHROUGH.pixelFormats.includes(media.video.pix_fmt ?? '')
  );
}

/**
 * Mastodon's meta of video and audio: `original` with frame rate, duration and bitrate, and the
 * summary at the top level (length, duration, fps, size, audio description).
 */
export function timeBasedMeta(probe: Probe): MediaMeta {
  const video = probe.streams.find(
    (stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic,
  );
  const audio = probe.streams.find((stream) => stream.codec_type === 'audio');
  const duration = Number(probe.format.duration ?? video?.duration ?? audio?.duration ?? 0);
  const bitrate = Number(probe.format.bit_rate ?? 0) || undefined;
  const meta: MediaMeta = { length: formatLength(duration), duration };
  const original: MediaMetaStyle = { duration, bitrate };
  if (video?.width && video.height) {
    const fps = frameRate(video.avg_frame_rate) ?? frameRate(video.r_frame_rate);
    Object.assign(meta, geometry(video.width, video.height));
    if (fps) meta.fps = Math.round(fps * 100) / 100;
    Object.assign(original, {
      width: video.width,
      height: video.height,
      frame_rate: video.avg_frame_rate ?? video.r_frame_rate,
    });
  }
  if (audio) Object.assign(meta, audioMeta(audio));
  meta.original = original;
  return meta;
}

function audioMeta(
  audio: ProbedStream,
): Pick<MediaMeta, 'audio_encode' | 'audio_bitrate' | 'audio_channels'> {
  const tag =
    audio.codec_tag_string && audio.codec_tag
      ? ` (${audio.codec_tag_string} / ${audio.codec_tag})`
      : '';
  const profile = audio.profile ? ` (${audio.profile})` : '';
  return {
    audio_encode: `${audio.codec_name ?? 'unknown'}${profile}${tag}`,
    audio_bitrate: audio.sample_rate ? `${audio.sample_rate} Hz` : undefined,
    audio_channels:
      audio.channel_layout ??
      (audio.channels === 1 ? 'mono' : audio.channels === 2 ? 'stereo' : undefined),
  };
}

function withFocus(meta: MediaMeta, focus: Focus | null): MediaMeta {
  return focus ? { ...meta, focus } : meta;
}
