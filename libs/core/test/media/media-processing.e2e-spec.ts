import {
  Ffmpeg,
  MediaStorage,
  MediaWorkspace,
  ProcessMediaService,
  UploadMediaService,
} from '@nestodon/core';
import {
  Account,
  MediaAttachment,
  mediaAttachmentKey,
  MediaAttachmentRepository,
  pendingUploadKey,
  ValidationError,
} from '@nestodon/domain';
import {
  animatedGif,
  createLocalAccount,
  jpegWithLocation,
  noiseImage,
  polyglotJpeg,
  sampleAudio,
  sampleVideo,
  solidImage,
  SVG_IMAGE,
} from '@nestodon/testing';
import { isBlurhashValid } from 'blurhash';
import sharp from 'sharp';
import { CoreContext, startCore } from '../support/core-context';

/**
 * Uploads processed for real: sharp on generated images, FFmpeg on generated video and audio,
 * files written to and read back from the local storage.
 */
describe('media processing', () => {
  let core: CoreContext;
  let account: Account;
  let uploads: UploadMediaService;
  let processing: ProcessMediaService;
  let storage: MediaStorage;
  let ffmpeg: Ffmpeg;

  beforeAll(async () => {
    core = await startCore();
    account = (await createLocalAccount(core.dataSource, { username: 'uploader' })).account;
    uploads = core.app.get(UploadMediaService);
    processing = core.app.get(ProcessMediaService);
    storage = core.app.get(MediaStorage);
    ffmpeg = core.app.get(Ffmpeg);
  });

  afterAll(() => core.close());

  const file = (buffer: Buffer) => ({ buffer, size: buffer.length });
  const upload = (buffer: Buffer, synchronous = true, extra: { focus?: string } = {}) =>
    uploads.call(account, { file: file(buffer), ...extra }, { synchronous });
  const stored = (media: MediaAttachment, style: 'original' | 'small' = 'original') =>
    storage.read(mediaAttachmentKey(media, style)!);
  const reload = async (media: MediaAttachment) =>
    (await core.app.get(MediaAttachmentRepository).findById(media.id))!;
  /** Probes stored bytes with FFprobe. */
  const probe = (data: Buffer) =>
    MediaWorkspace.with(async (workspace) => ffmpeg.probe(await workspace.write('probe', data)));
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ValidationError);
    return (error as ValidationError).message;
  };

  it('strips EXIF (location included) from a photo and turns it upright', async () => {
    const photo = await jpegWithLocation(300, 200);
    const sent = await sharp(photo).metadata();
    // The GPS directory's tag (0x8825), little-endian, is in the EXIF sent.
    expect(sent.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(sent.orientation).toBe(6);
    const media = await upload(photo);

    expect(media).toMatchObject({ type: 'image', processing: 'complete' });
    const original = await stored(media);
    const meta = await sharp(original).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(original.includes(Buffer.from('TestPhone'))).toBe(false);
    // Orientation 6 applied: 300×200 as stored is 200×300 as seen.
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(media.meta).toMatchObject({
      original: { width: 200, height: 300, size: '200x300', aspect: 200 / 300 },
      small: { width: 200, height: 300 },
    });
    // 4×4 components, as Mastodon's.
    expect(isBlurhashValid(media.blurhash!)).toEqual({ result: true });
    expect(media.blurhash).toHaveLength(36);
    expect((await sharp(await stored(media, 'small')).metadata()).format).toBe('jpeg');
  });

  it("resizes to Mastodon's limits: originals to 8.3 megapixels, previews to 640×360 worth", async () => {
    const media = await upload(await solidImage(4000, 3000, 'jpeg'));
    const { width, height } = media.meta!.original!;
    expect(width! * height!).toBeLessThanOrEqual(8_294_400);
    expect(width! / height!).toBeCloseTo(4 / 3, 2);
    const small = media.meta!.small!;
    expect(small.width! * small.height!).toBeLessThanOrEqual(230_400);
    expect(await sharp(await stored(media, 'small')).metadata()).toMatchObject({
      width: small.width,
      height: small.height,
    });
  });

  it('cuts the preview of a panorama around its focal point', async () => {
    // Left half red, right half blue; the focus is far right.
    const half = (background: string) =>
      sharp({ create: { width: 600, height: 200, channels: 3, background } })
        .png()
        .toBuffer();
    const panorama = await sharp({
      create: { width: 1200, height: 200, channels: 3, background: '#000' },
    })
      .composite([
        { input: await half('#ff0000'), left: 0, top: 0 },
        { input: await half('#0000ff'), left: 600, top: 0 },
      ])
      .png()
      .toBuffer();
    const media = await upload(panorama, true, { focus: '0.9,0' });

    expect(media.meta!.focus).toEqual({ x: 0.9, y: 0 });
    expect(media.meta!.original).toMatchObject({ width: 1200, height: 200 });
    expect(media.meta!.small!.aspect).toBeCloseTo(3, 1);
    const { channels } = await sharp(await stored(media, 'small')).stats();
    expect(channels[2].mean).toBeGreaterThan(200);
    expect(channels[0].mean).toBeLessThan(60);
  });

  it('processes large images in the worker when asked to defer', async () => {
    const media = await upload(await noiseImage(2600, 2000), false);
    expect(media).toMatchObject({ processing: 'queued', type: 'image' });
    await expect(storage.read(pendingUploadKey(media), 'private')).resolves.toBeInstanceOf(Buffer);

    expect(await processing.call(media.id)).toBe(true);
    const done = await reload(media);
    expect(done).toMatchObject({ processing: 'complete', type: 'image' });
    expect(done.meta!.original).toMatchObject({ width: 2600, height: 2000 });
    expect(done.blurhash).toBeTruthy();
    await expect(storage.read(pendingUploadKey(media), 'private')).rejects.toThrow();
    // A second run (a retried job) leaves it alone.
    expect(await processing.call(media.id)).toBe(false);
  });

  it('turns an animated GIF into a looping MP4 without audio (gifv)', async () => {
    const media = await upload(await animatedGif(64, 48));
    expect(media).toMatchObject({ type: 'gifv', fileContentType: 'video/mp4' });
    const { streams, format } = await probe(await stored(media));
    expect(streams.map((stream) => [stream.codec_type, stream.codec_name])).toEqual([
      ['video', 'h264'],
    ]);
    expect(format.format_name).toContain('mp4');
    expect(media.meta).toMatchObject({ width: 64, height: 48, original: { width: 64 } });
    expect(media.meta!.small).toMatchObject({ width: 64, height: 48 });
    expect(media.blurhash).toBeTruthy();
  });

  it('keeps a compatible video as it is, without its metadata', async () => {
    const video = await sampleVideo({ seconds: 1, width: 320, height: 240 });
    const media = await upload(video);
    expect(media).toMatchObject({ type: 'video', fileContentType: 'video/mp4' });
    const { streams, format } = await probe(await stored(media));
    expect(streams.map((stream) => stream.codec_name)).toEqual(['h264', 'aac']);
    expect(JSON.stringify(format)).not.toContain('48.8566');
    expect(media.meta).toMatchObject({
      width: 320,
      height: 240,
      size: '320x240',
      fps: 25,
      audio_channels: 'stereo',
      original: { width: 320, height: 240, frame_rate: '25/1' },
      small: { width: 320, height: 240 },
    });
    expect(media.meta!.duration).toBeCloseTo(1, 0);
    expect(media.meta!.length).toMatch(/^0:00:0\d\.\d\d$/);
    expect(media.meta!.audio_encode).toMatch(/^aac/);
    expect(media.blurhash).toBeTruthy();
  });

  it('transcodes other video to H.264 and AAC; a silent one is a gifv', async () => {
    const webm = await upload(await sampleVideo({ codec: 'vp9', seconds: 1 }));
    expect(webm.type).toBe('video');
    expect((await probe(await stored(webm))).streams.map((s) => s.codec_name)).toEqual([
      'h264',
      'aac',
    ]);
    const silent = await upload(await sampleVideo({ codec: 'mpeg4', audio: false }));
    expect(silent.type).toBe('gifv');
    expect((await probe(await stored(silent))).streams.map((s) => s.codec_name)).toEqual(['h264']);
  });

  it('converts audio to MP3, keeps MP3 and Ogg, and describes it', async () => {
    const wav = await upload(await sampleAudio('wav', 1));
    expect(wav).toMatchObject({ type: 'audio', fileContentType: 'audio/mpeg' });
    expect(wav.fileFileName).toMatch(/\.mp3$/);
    expect((await probe(await stored(wav))).streams[0].codec_name).toBe('mp3');
    expect(wav.meta).toMatchObject({ audio_channels: 'stereo', audio_bitrate: '44100 Hz' });
    expect(wav.meta!.duration).toBeCloseTo(1, 0);
    expect(wav.meta!.small).toBeUndefined();
    expect(wav.blurhash).toBeNull();

    const ogg = await upload(await sampleAudio('ogg', 1));
    expect(ogg).toMatchObject({ type: 'audio', fileContentType: 'audio/ogg' });
    expect((await probe(await stored(ogg))).streams[0].codec_name).toBe('vorbis');
  });

  it('refuses what is not media: SVG, text, polyglots and archives', async () => {
    expect(await refusal(upload(SVG_IMAGE))).toContain('could not be verified');
    expect(await refusal(upload(Buffer.from('just some text')))).toContain('could not be verified');
    expect(await refusal(upload(await polyglotJpeg()))).toContain('markup');
    const zipTail = Buffer.concat([
      await solidImage(16, 16, 'png'),
      Buffer.from([0x50, 0x4b, 0x05, 0x06]),
      Buffer.alloc(18),
    ]);
    expect(await refusal(upload(zipTail))).toContain('archive');
    expect(await refusal(uploads.call(account, {}, { synchronous: true }))).toContain(
      "File can't be blank",
    );
  });

  it('refuses decompression bombs and oversized files before decoding', async () => {
    // 8,000 × 8,000 of one colour: a small file, 64 megapixels decoded.
    const bomb = await sharp({
      create: { width: 8000, height: 8000, channels: 3, background: '#fff' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refusal(upload(bomb))).toContain('8000×8000');

    const padded = Buffer.concat([
      await solidImage(16, 16, 'jpeg'),
      Buffer.alloc(17 * 1024 * 1024),
    ]);
    expect(await refusal(upload(padded))).toContain('less than 16 MB');

    const fast = await sampleVideo({ fps: 150, width: 64, height: 64, audio: false });
    expect(await refusal(upload(fast))).toContain('frame rate');
  });

  it('marks an upload failed when the worker cannot convert it', async () => {
    const media = await upload(await sampleVideo({ seconds: 1 }), false);
    expect(media.processing).toBe('queued');
    // The kept upload is damaged after it was accepted.
    await storage.delete(pendingUploadKey(media), 'private');
    await storage.put(pendingUploadKey(media), Buffer.from('not a video any more'), {
      contentType: 'video/mp4',
      access: 'private',
    });
    expect(await processing.call(media.id)).toBe(false);
    expect((await reload(media)).processing).toBe('failed');
  });
});
