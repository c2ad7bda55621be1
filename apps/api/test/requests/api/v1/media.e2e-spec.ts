import { ProcessMediaService } from '@nestodon/core';
import { pendingUploadKey } from '@nestodon/domain';
import {
  animatedGif,
  noiseImage,
  polyglotJpeg,
  sampleAudio,
  sampleVideo,
  solidImage,
  SVG_IMAGE,
} from '@nestodon/testing';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { Actor, createActor, tokenWithScopes } from '../../../support/statuses';

/**
 * The media routes over HTTP with real files: POST /api/v2/media and /api/v1/media, GET, PUT
 * (and PATCH) and DELETE /api/v1/media/:id, and the stored files served under /system. Jobs are
 * not inline: the worker's step is run by hand where a test needs it done.
 */
describe('media attachments', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    api = await startApi();
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(() => api.close());

  const upload = (
    actor: Actor | string,
    file: Buffer | null,
    fields: Record<string, string> = {},
    version: 'v1' | 'v2' = 'v2',
  ) => {
    const req = api.http
      .post(`/api/${version}/media`)
      .set('Authorization', typeof actor === 'string' ? actor : actor.auth);
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    return file ? req.attach('file', file, 'upload.bin') : req;
  };
  const processNow = (id: string) => api.app.get(ProcessMediaService).call(id);
  /** A stored file through the api's /system route. */
  const served = (url: string) => api.http.get(new URL(url).pathname);
  const fileOnDisk = (url: string) =>
    join(api.config.media.root, new URL(url).pathname.replace(/^\/system\//, ''));

  describe('POST /api/v2/media', () => {
    it('answers 200 with the attachment for a small image, processed at once', async () => {
      const res = await upload(alice, await solidImage(120, 80, 'png'), {
        description: 'A blue rectangle',
        focus: '-0.5,0.25',
      }).expect(200);
      expect(res.body).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        type: 'image',
        url: expect.stringMatching(
          /^https:\/\/nestodon\.test\/system\/media_attachments\/files\/\d{3}\/\d{3}\/\d{3}\/\d{3}\/\d{3}\/\d{3}\/original\/[0-9a-f]{16}\.png$/,
        ),
        preview_url: expect.stringMatching(/\/small\/[0-9a-f]{16}\.png$/),
        remote_url: null,
        preview_remote_url: null,
        text_url: null,
        description: 'A blue rectangle',
        blurhash: expect.any(String),
        meta: {
          original: { width: 120, height: 80, size: '120x80', aspect: 1.5 },
          small: { width: 120, height: 80, size: '120x80', aspect: 1.5 },
          focus: { x: -0.5, y: 0.25 },
        },
      });

      const file = await served(res.body.url).expect(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toContain('immutable');
      expect(file.headers['content-security-policy']).toContain("default-src 'none'");
      expect((await sharp(file.body as Buffer).metadata()).width).toBe(120);
    });

    it('answers 202 with url null for a large image; GET shows 206 until the worker is done', async () => {
      const res = await upload(alice, await solidImage(2600, 2000, 'jpeg')).expect(202);
      expect(res.body).toMatchObject({ type: 'image', url: null, preview_url: null });
      await api.http
        .get(`/api/v1/media/${res.body.id}`)
        .set('Authorization', alice.auth)
        .expect(206);

      await processNow(res.body.id);
      const done = await api.http
        .get(`/api/v1/media/${res.body.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(done.body.url).toMatch(/\/original\/[0-9a-f]{16}\.jpg$/);
      expect(done.body.meta.original).toMatchObject({ width: 2600, height: 2000 });
      await served(done.body.url).expect(200).expect('Content-Type', 'image/jpeg');
    });

    it('hands GIFs, video and audio to the worker', async () => {
      const gif = await upload(alice, await animatedGif(48, 32)).expect(202);
      expect(gif.body).toMatchObject({ type: 'gifv', url: null });
      const video = await upload(alice, await sampleVideo({ seconds: 1 })).expect(202);
      expect(video.body).toMatchObject({ type: 'video', url: null });
      const audio = await upload(alice, await sampleAudio('wav')).expect(202);
      expect(audio.body).toMatchObject({ type: 'audio', url: null });

      for (const id of [gif.body.id, video.body.id, audio.body.id]) await processNow(id);
      const read = (id: string) =>
        api.http.get(`/api/v1/media/${id}`).set('Authorization', alice.auth).expect(200);
      expect((await read(gif.body.id)).body).toMatchObject({
        type: 'gifv',
        url: expect.stringMatching(/\.mp4$/),
        preview_url: expect.stringMatching(/\.jpg$/),
      });
      const videoJson = (await read(video.body.id)).body;
      expect(videoJson).toMatchObject({ type: 'video', meta: { width: 320, fps: 25 } });
      const audioJson = (await read(audio.body.id)).body;
      expect(audioJson).toMatchObject({
        type: 'audio',
        url: expect.stringMatching(/\.mp3$/),
        preview_url: null,
      });

      // Video seeks with byte ranges.
      const whole = await served(videoJson.url).expect(200);
      expect(whole.headers['content-type']).toBe('video/mp4');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      const part = await served(videoJson.url).set('Range', 'bytes=0-99').expect(206);
      expect(part.headers['content-range']).toBe(`bytes 0-99/${whole.body.length}`);
      expect((part.body as Buffer).length).toBe(100);
      await served(audioJson.url).expect(200).expect('Content-Type', 'audio/mpeg');
    });

    it('keeps uploads waiting for the worker out of /system', async () => {
      const res = await upload(alice, await sampleAudio('wav')).expect(202);
      const [row] = (await api.dataSource.query(
        `SELECT file_file_name FROM media_attachments WHERE id = $1`,
        [res.body.id],
      )) as Array<{ file_file_name: string }>;
      const key = pendingUploadKey({ id: res.body.id, fileFileName: row.file_file_name });
      expect(existsSync(join(api.config.media.root, '.private', key))).toBe(true);
      await api.http.get(`/system/.private/${key}`).expect(404);
    });

    it('answers 422 for files that are not media, or too large, with a clear error', async () => {
      const svg = await upload(alice, SVG_IMAGE).expect(422);
      expect(svg.body.error).toBe(
        'Validation failed: File type of uploaded media could not be verified',
      );
      await upload(alice, Buffer.from('<html><body>hi</body></html>')).expect(422);
      const polyglot = await upload(alice, await polyglotJpeg()).expect(422);
      expect(polyglot.body.error).toContain('markup');
      const bomb = await sharp({
        create: { width: 9000, height: 9000, channels: 3, background: '#fff' },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      expect((await upload(alice, bomb).expect(422)).body.error).toContain('9000×9000');
      const missing = await upload(alice, null, { description: 'no file' }).expect(422);
      expect(missing.body.error).toBe("Validation failed: File can't be blank");
    });

    it('answers 422 for a description too long or a bad focus', async () => {
      const image = await solidImage(10, 10);
      const long = await upload(alice, image, { description: 'é'.repeat(1501) }).expect(422);
      expect(long.body.error).toContain('maximum is 1500 characters');
      await upload(alice, image, { description: 'é'.repeat(1500) }).expect(200);
      for (const focus of ['2,0', 'left', '0.5', '0.1,0.2,0.3']) {
        await upload(alice, image, { focus }).expect(422);
      }
    });

    it('answers 401 without a token and 403 without write:media', async () => {
      const image = await solidImage(10, 10);
      await api.http.post('/api/v2/media').attach('file', image, 'a.png').expect(401);
      const reader = await tokenWithScopes(api.dataSource, alice, 'read');
      await upload(reader, image).expect(403);
      const media = await tokenWithScopes(api.dataSource, alice, 'write:media');
      await upload(media, image).expect(200);
    });

    it("limits uploads to Mastodon's 30 per 30 minutes", async () => {
      const carol = await createActor(api.dataSource, { username: 'carol' });
      // Every request counts, refused ones too: 30 without a file, then the 31st is too many.
      for (let i = 0; i < 30; i++) await upload(carol, null).expect(422);
      const res = await upload(carol, await solidImage(8, 8)).expect(429);
      expect(res.headers['x-ratelimit-limit']).toBe('30');
      expect(res.headers['x-ratelimit-remaining']).toBe('0');
    });
  });

  describe('POST /api/v1/media', () => {
    it('processes everything within the request', async () => {
      const res = await upload(alice, await sampleVideo({ seconds: 1 }), {}, 'v1').expect(200);
      expect(res.body).toMatchObject({
        type: 'video',
        url: expect.stringMatching(/\.mp4$/),
        preview_url: expect.stringMatching(/\.jpg$/),
      });
      await api.http
        .get(`/api/v1/media/${res.body.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
    });

    it('answers 401, 403 and 422 as v2 does', async () => {
      await api.http.post('/api/v1/media').expect(401);
      const reader = await tokenWithScopes(api.dataSource, alice, 'read');
      await upload(reader, await solidImage(10, 10), {}, 'v1').expect(403);
      await upload(alice, SVG_IMAGE, {}, 'v1').expect(422);
    });
  });

  describe('GET /api/v1/media/:id', () => {
    it("is 404 for someone else's media, unknown and malformed ids", async () => {
      const mine = (await upload(alice, await solidImage(10, 10)).expect(200)).body;
      await api.http.get(`/api/v1/media/${mine.id}`).set('Authorization', bob.auth).expect(404);
      await api.http.get('/api/v1/media/123456').set('Authorization', alice.auth).expect(404);
      await api.http.get('/api/v1/media/nope').set('Authorization', alice.auth).expect(404);
      await api.http.get(`/api/v1/media/${mine.id}`).expect(401);
      const reader = await tokenWithScopes(api.dataSource, alice, 'read');
      await api.http.get(`/api/v1/media/${mine.id}`).set('Authorization', reader).expect(403);
    });

    it('is 422 with the processing error once the worker failed', async () => {
      const res = await upload(alice, await sampleAudio('wav')).expect(202);
      await api.dataSource.query(
        `UPDATE media_attachments SET processing = 'failed' WHERE id = $1`,
        [res.body.id],
      );
      const failed = await api.http
        .get(`/api/v1/media/${res.body.id}`)
        .set('Authorization', alice.auth)
        .expect(422);
      expect(failed.body.error).toBe('Error processing thumbnail for uploaded media');
    });
  });

  describe('PUT and PATCH /api/v1/media/:id', () => {
    it('changes the description, focus and preview image', async () => {
      const media = (await upload(alice, await sampleAudio('wav'), {}, 'v1').expect(200)).body;
      expect(media.preview_url).toBeNull();
      const res = await api.http
        .put(`/api/v1/media/${media.id}`)
        .set('Authorization', alice.auth)
        .field('description', 'A tone')
        .field('focus', '0.1,-0.2')
        .attach('thumbnail', await noiseImage(800, 800, 'png'), 'cover.png')
        .expect(200);
      expect(res.body).toMatchObject({
        description: 'A tone',
        meta: { focus: { x: 0.1, y: -0.2 }, small: { width: 480, height: 480 } },
        preview_url: expect.stringMatching(
          /\/media_attachments\/thumbnails\/[\d/]+\/original\/[0-9a-f]{16}\.png$/,
        ),
        blurhash: expect.any(String),
      });
      await served(res.body.preview_url).expect(200).expect('Content-Type', 'image/png');

      const patched = await api.http
        .patch(`/api/v1/media/${media.id}`)
        .set('Authorization', alice.auth)
        .send({ description: 'Still a tone' })
        .expect(200);
      expect(patched.body).toMatchObject({
        description: 'Still a tone',
        meta: { focus: { x: 0.1 } },
      });
    });

    it('re-cuts the preview of a panorama when its focal point moves', async () => {
      const panorama = (await upload(alice, await noiseImage(1500, 250)).expect(200)).body;
      const res = await api.http
        .put(`/api/v1/media/${panorama.id}`)
        .set('Authorization', alice.auth)
        .send({ focus: '1,0' })
        .expect(200);
      expect(res.body.preview_url).not.toBe(panorama.preview_url);
      expect(res.body.url).not.toBe(panorama.url);
      await served(res.body.preview_url).expect(200);
      await served(panorama.preview_url).expect(404);
    });

    it('answers 206 while processing, 404 for others, 422 for bad input, 403 and 401', async () => {
      const pending = (await upload(alice, await sampleAudio('wav')).expect(202)).body;
      await api.http
        .put(`/api/v1/media/${pending.id}`)
        .set('Authorization', alice.auth)
        .send({ description: 'later' })
        .expect(206);
      await api.http
        .put(`/api/v1/media/${pending.id}`)
        .set('Authorization', bob.auth)
        .send({ description: 'mine now' })
        .expect(404);
      await api.http
        .put(`/api/v1/media/${pending.id}`)
        .set('Authorization', alice.auth)
        .send({ focus: 'up' })
        .expect(422);
      await api.http
        .put(`/api/v1/media/${pending.id}`)
        .set('Authorization', alice.auth)
        .attach('thumbnail', SVG_IMAGE, 'x.svg')
        .expect(422);
      const reader = await tokenWithScopes(api.dataSource, alice, 'read');
      await api.http.put(`/api/v1/media/${pending.id}`).set('Authorization', reader).expect(403);
      await api.http.put(`/api/v1/media/${pending.id}`).expect(401);
    });
  });

  describe('DELETE /api/v1/media/:id', () => {
    it('deletes an unattached upload and its files', async () => {
      const media = (await upload(alice, await solidImage(20, 20)).expect(200)).body;
      expect(existsSync(fileOnDisk(media.url))).toBe(true);
      await api.http.delete(`/api/v1/media/${media.id}`).set('Authorization', bob.auth).expect(404);
      const res = await api.http
        .delete(`/api/v1/media/${media.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(res.body).toEqual({});
      expect(existsSync(fileOnDisk(media.url))).toBe(false);
      expect(existsSync(fileOnDisk(media.preview_url))).toBe(false);
      await api.http.get(`/api/v1/media/${media.id}`).set('Authorization', alice.auth).expect(404);
    });

    it('refuses media a status uses (422), and answers 401 and 403', async () => {
      const media = (await upload(alice, await solidImage(20, 20)).expect(200)).body;
      await api.http
        .post('/api/v1/statuses')
        .set('Authorization', alice.auth)
        .send({ status: '', media_ids: [media.id] })
        .expect(200);
      const res = await api.http
        .delete(`/api/v1/media/${media.id}`)
        .set('Authorization', alice.auth)
        .expect(422);
      expect(res.body.error).toBe('Media attachment is currently used by a status');
      await api.http.delete(`/api/v1/media/${media.id}`).expect(401);
      const reader = await tokenWithScopes(api.dataSource, alice, 'read');
      await api.http.delete(`/api/v1/media/${media.id}`).set('Authorization', reader).expect(403);
    });
  });
});
