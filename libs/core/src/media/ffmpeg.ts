import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { spawn } from 'node:child_process';

/** The streams and container FFprobe reports, as far as processing reads them. */
export interface ProbedStream {
  index: number;
  codec_type: 'video' | 'audio' | 'subtitle' | 'data' | 'attachment';
  codec_name?: string;
  codec_long_name?: string;
  profile?: string;
  codec_tag_string?: string;
  codec_tag?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  r_frame_rate?: string;
  avg_frame_rate?: string;
  nb_frames?: string;
  duration?: string;
  bit_rate?: string;
  sample_rate?: string;
  channels?: number;
  channel_layout?: string;
  disposition?: { attached_pic?: number };
}

export interface Probe {
  streams: ProbedStream[];
  format: { format_name?: string; duration?: string; bit_rate?: string; size?: string };
}

/** FFmpeg or FFprobe exited with an error, or ran out of time. */
export class FfmpegError extends Error {}

/** Keep this much of a failing command's output for its error message. */
const STDERR_KEPT = 4000;

/**
 * FFmpeg and FFprobe as child processes: the binaries shipped inside the
 * `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe` packages, or the ones FFMPEG_PATH
 * and FFPROBE_PATH name. Arguments are passed as a list, never through a shell.
 */
@Injectable()
export class Ffmpeg {
  private readonly ffmpegPath: string;
  private readonly ffprobePath: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.ffmpegPath =
      config.media.ffmpegPath ?? (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    this.ffprobePath =
      config.media.ffprobePath ?? (require('@ffprobe-installer/ffprobe') as { path: string }).path;
  }

  /** Runs ffmpeg (quiet, never asking questions, overwriting nothing it was not told to). */
  async run(args: string[], timeoutMs: number): Promise<void> {
    await execute(
      this.ffmpegPath,
      ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...args],
      timeoutMs,
    );
  }

  /** Streams and container of a file; an FfmpegError when FFprobe cannot read it. */
  async probe(path: string, timeoutMs = 30_000): Promise<Probe> {
    const output = await execute(
      this.ffprobePath,
      ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path],
      timeoutMs,
    );
    try {
      const parsed = JSON.parse(output) as Partial<Probe>;
      return { streams: parsed.streams ?? [], format: parsed.format ?? {} };
    } catch {
      throw new FfmpegError('FFprobe printed no readable description');
    }
  }
}

function execute(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < STDERR_KEPT) stderr += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new FfmpegError(`Could not run ${command}: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new FfmpegError(`${command} took longer than ${timeoutMs} ms`));
      else if (code !== 0) {
        reject(new FfmpegError(stderr.trim().slice(0, STDERR_KEPT) || `exit code ${code}`));
      } else resolve(Buffer.concat(stdout).toString('utf8'));
    });
  });
}
