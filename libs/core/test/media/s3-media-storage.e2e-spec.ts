import { MediaStorage, ProcessMediaService, UploadMediaService } from '@nestodon/core';
import { S3MediaStorage } from '@nestodon/core/media/s3-media-storage';
import { Account, mediaAttachmentKey, MediaAttachmentRepository } from '@nestodon/domain';
import {
  createLocalAccount,
  RunningS3Server,
  sampleAudio,
  solidImage,
  startS3Server,
} from '@nestodon/testing';
import sharp from 'sharp';
import { CoreContext, startCore } from '../support/core-context';

/**
 * The S3 adapter against a real S3-compatible server (s3rver, started here on a free port),
 * through the same services as the local disk: files written, read, served by URL, measured
 * and deleted.
 */
describe('S3 media storage', () => {
  let server: RunningS3Server;
  let endpoint: string;
  let core: CoreContext;
  let storage: MediaStorage;
  let account: Account;

  beforeAll(async () => {
    server = await startS3Server();
    endpoint = server.endpoint;
    core = await startCore({ env: server.env });
    storage = core.app.get(MediaStorage);
    account = (await createLocalAccount(core.dataSource)).account;
  });

  afterAll(async () => {
    await core.close();
    await server.close();
  });

  it('is the adapter the configuration chooses, with bucket URLs', () => {
    expect(storage).toBeInstanceOf(S3MediaStorage);
    expect(storage.url('a/b.png')).toBe(`${endpoint}/nestodon-media/a/b.png`);
  });

  it('writes, serves, measures and deletes files', async () => {
    const data = await solidImage(12, 12, 'png');
    await storage.put('media_attachments/files/000/000/001/original/a.png', data, {
      contentType: 'image/png',
    });
    await storage.put('media_attachments/secret.bin', Buffer.from('private'), {
      contentType: 'application/octet-stream',
      access: 'private',
    });

    const served = await fetch(storage.url('media_attachments/files/000/000/001/original/a.png'));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(data);

    // Private files are kept apart from the public keys.
    await expect(storage.read('media_attachments/secret.bin')).rejects.toThrow();
    expect((await storage.read('media_attachments/secret.bin', 'private')).toString()).toBe(
      'private',
    );
    expect(await storage.usage('media_attachments')).toBe(data.length);

    await storage.delete('media_attachments/files/000/000/001/original/a.png');
    await storage.delete('media_attachments/never-stored.png');
    await storage.delete('media_attachments/secret.bin', 'private');
    expect(await storage.usage('media_attachments')).toBe(0);
    await expect(storage.read('media_attachments/secret.bin', 'private')).rejects.toThrow();
  });

  it('stores processed uploads, and uploads waiting for the worker, in the bucket', async () => {
    const uploads = core.app.get(UploadMediaService);
    const image = await uploads.call(
      account,
      { file: { buffer: await solidImage(64, 48, 'jpeg'), size: 0 } },
      { synchronous: false },
    );
    expect(image.processing).toBe('complete');
    const original = await fetch(storage.url(mediaAttachmentKey(image, 'original')!));
    expect((await sharp(Buffer.from(await original.arrayBuffer())).metadata()).width).toBe(64);

    const audio = await uploads.call(
      account,
      { file: { buffer: await sampleAudio('wav'), size: 0 } },
      { synchronous: false },
    );
    expect(audio.processing).toBe('queued');
    expect(await core.app.get(ProcessMediaService).call(audio.id)).toBe(true);
    const done = (await core.app.get(MediaAttachmentRepository).findById(audio.id))!;
    const mp3 = await fetch(storage.url(mediaAttachmentKey(done, 'original')!));
    expect(mp3.status).toBe(200);
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
  });
});
