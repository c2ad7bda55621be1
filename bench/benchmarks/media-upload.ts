import { createAccessToken, sampleVideo } from '@nestodon/testing';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { createWorkerApp } from '../../apps/worker/src/bootstrap';
import { BenchRequest, defineBenchmark } from '../benchmark';
import { insertLocalAccounts } from '../seed-timelines';

/** Uploaders in turn: Mastodon's limit of 30 uploads per 30 minutes applies to each. */
const UPLOADERS = 300;
const RUNS = { image: 5, video: 3 };

const now = () => Number(process.hrtime.bigint() / 1000n) / 1000;

/**
 * A photo-like picture of `width`×`height` as JPEG: colour gradients with sensor-like grain,
 * which compresses about as well as a real photo does (a few hundred KB per megapixel).
 */
async function photo(width: number, height: number): Promise<Buffer> {
  const gradient = Buffer.alloc(width * height * 3);
  let seed = 12345;
  const grain = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return (seed >> 16) % 48;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      gradient[i] = Math.min(255, (x * 200) / width + grain());
      gradient[i + 1] = Math.min(255, (y * 200) / height + grain());
      gradient[i + 2] = Math.min(255, 100 + ((x ^ y) & 63) + grain());
    }
  }
  return sharp(gradient, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** A multipart/form-data body with one file part named `file`. */
function multipart(file: Buffer, filename: string): { body: Buffer; contentType: string } {
  const boundary = `----nestodon${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * POST /api/v2/media of a 2 MP JPEG (processed within the request: decoded, re-encoded without
 * metadata, previewed, blurhashed, stored) by 300 users in turn. Before the load, a worker in
 * this process times its part: a 12 MP photo and a 10 s 720p video (H.264 kept, MPEG-4 Part 2
 * transcoded), from the upload's 202 until GET /api/v1/media/:id answers 200.
 */
export default defineBenchmark<{ auths: string[]; imagePath: string }>({
  description: `POST /api/v2/media of a 2 MP JPEG (${UPLOADERS} users in turn), and worker processing times`,
  async setup({ config, dataSource, url }) {
    const users = await insertLocalAccounts(dataSource, 'uploader', UPLOADERS);
    const auths = await Promise.all(
      users.map(
        async (user) =>
          `Bearer ${await createAccessToken(dataSource, { user: { id: user.userId } })}`,
      ),
    );
    const image = await photo(1732, 1155);
    process.stdout.write(`bench: 2 MP JPEG of ${Math.round(image.length / 1024)} KB\n`);

    const worker = await createWorkerApp(config);
    await worker.init();
    try {
      let next = 0;
      const timeProcessing = async (label: string, file: Buffer, filename: string) => {
        const { body, contentType } = multipart(file, filename);
        const authorization = auths[next++ % auths.length];
        const started = now();
        const response = await fetch(`${url}/api/v2/media`, {
          method: 'POST',
          headers: { authorization, 'content-type': contentType },
          body,
        });
        const { id } = (await response.json()) as { id: string };
        if (response.status !== 202)
          throw new Error(`${label}: expected 202, got ${response.status}`);
        for (;;) {
          const poll = await fetch(`${url}/api/v1/media/${id}`, { headers: { authorization } });
          if (poll.status === 200) break;
          if (poll.status !== 206) throw new Error(`${label}: processing failed (${poll.status})`);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return now() - started;
      };
      const report = async (label: string, runs: number, file: Buffer, filename: string) => {
        const timings: number[] = [];
        for (let i = 0; i < runs; i++) timings.push(await timeProcessing(label, file, filename));
        process.stdout.write(
          `bench: worker, ${label}: median ${median(timings).toFixed(0)} ms ` +
            `(${timings.map((t) => t.toFixed(0)).join(', ')} ms)\n`,
        );
      };
      await report('12 MP JPEG', RUNS.image, await photo(4000, 3000), 'photo.jpg');
      const video = { seconds: 10, width: 1280, height: 720, fps: 30 };
      await report(
        '10 s 720p H.264 video (kept)',
        RUNS.video,
        await sampleVideo({ ...video, codec: 'h264' }),
        'clip.mp4',
      );
      await report(
        '10 s 720p MPEG-4 video (transcoded)',
        RUNS.video,
        await sampleVideo({ ...video, codec: 'mpeg4' }),
        'clip.mp4',
      );
    } finally {
      await worker.close();
    }
    // The load generator reads the file itself (it runs in a thread of its own).
    const imagePath = join(config.media.root, 'bench-photo.jpg');
    await mkdir(config.media.root, { recursive: true });
    await writeFile(imagePath, image);
    return { auths, imagePath };
  },
  requests: (_ctx, { auths }): BenchRequest[] =>
    auths.map((authorization) => ({
      method: 'POST',
      path: '/api/v2/media',
      headers: { authorization },
    })),
  form: (_ctx, { imagePath }) => ({ file: { type: 'file', path: imagePath } }),
});
