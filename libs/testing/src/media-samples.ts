import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

/**
 * Media files made on the spot for tests and benchmarks (no fixtures to keep): stills with
 * sharp, video and audio with the FFmpeg binary the media code uses.
 */

/** A solid-colour still image in the given format. */
export function solidImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' | 'gif' | 'avif' = 'png',
  background = '#3366cc',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .toFormat(format)
    .toBuffer();
}

/** A picture with detail (a gradient of noise), so that encoders and blurhash have work. */
export function noiseImage(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') {
  return sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian' } },
  })
    .toFormat(format)
    .toBuffer();
}

/** A two-frame animated GIF. */
export async function animatedGif(width: number, height: number): Promise<Buffer> {
  const frames = await Promise.all(
    ['#ff0000', '#0000ff'].map((background) => solidImage(width, height, 'png', background)),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer();
}

/**
 * A JPEG a phone could have taken: GPS position, camera details and orientation 6 (stored
 * sideways, to be turned a quarter clockwise) in its EXIF.
 */
export function jpegWithLocation(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#448844' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestPhone', Model: 'Sample 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '48/1 51/1 2412/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 17/1 4020/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A valid JPEG that also holds an HTML page in a comment segment (a polyglot). */
export async function polyglotJpeg(): Promise<Buffer> {
  const jpeg = await solidImage(32, 32, 'jpeg');
  const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(html.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, html, jpeg.subarray(2)]);
}

export const SVG_IMAGE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(1)</script><rect width="10" height="10"/></svg>',
);

function ffmpegPath(): string {
  return process.env.FFMPEG_PATH ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
}

/** Runs FFmpeg with `args` writing `output` (an extension) in a temporary folder; its bytes. */
async function generate(args: string[], extension: string): Promise<Buffer> {
  const folder = await mkdtemp(join(tmpdir(), 'nestodon-sample-'));
  const output = join(folder, `sample.${extension}`);
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', ...args, output], {
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`ffmpeg failed: ${stderr}`)),
      );
    });
    return await readFile(output);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

export interface VideoSampleOptions {
  seconds?: number;
  width?: number;
  height?: number;
  fps?: number;
  /** h264 in MP4 is kept as it is; mpeg4 and vp9 (WebM) must be transcoded. */
  codec?: 'h264' | 'mpeg4' | 'vp9';
  audio?: boolean;
}

/** A test-pattern video, with a tone unless `audio` is false. */
export function sampleVideo(options: VideoSampleOptions = {}): Promise<Buffer> {
  const {
    seconds = 1,
    width = 320,
    height = 240,
    fps = 25,
    codec = 'h264',
    audio = true,
  } = options;
  const inputs = [
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=${fps}:duration=${seconds}`,
  ];
  if (audio) inputs.push('-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ac', '2');
  const video =
    codec === 'h264'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
      : codec === 'mpeg4'
        ? ['-c:v', 'mpeg4']
        : ['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8'];
  const sound = audio ? (codec === 'vp9' ? ['-c:a', 'libopus'] : ['-c:a', 'aac']) : ['-an'];
  return generate(
    [...inputs, ...video, ...sound, '-metadata', 'location=+48.8566+002.3522/', '-shortest'],
    codec === 'vp9' ? 'webm' : 'mp4',
  );
}

/** A tone in WAV (transcoded to MP3), MP3 or Ogg Vorbis (both kept). */
export function sampleAudio(format: 'wav' | 'mp3' | 'ogg' = 'wav', seconds = 1): Promise<Buffer> {
  const codec = { wav: 'pcm_s16le', mp3: 'libmp3lame', ogg: 'libvorbis' }[format];
  return generate(
    ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-ac', '2', '-c:a', codec],
    format,
  );
}
