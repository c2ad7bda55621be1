import { MediaStorage } from '@nestodon/core';
import { mediaAttachmentKey, MediaAttachmentRepository, mediaThumbnailKey } from '@nestodon/domain';
import { createMediaAttachment, createRemoteAccount } from '@nestodon/testing';
import { DataSource } from 'typeorm';
import { CliHarness, startCli } from './support/cli-harness';

describe('operator CLI: media', () => {
  let cli: CliHarness;
  let dataSource: DataSource;
  let storage: MediaStorage;

  beforeAll(async () => {
    cli = await startCli();
    dataSource = cli.dataSource;
    storage = cli.app.get(MediaStorage);
  });
  afterAll(() => cli.close());

  /** A copy of another server's media, `daysOld` days old, with files in storage. */
  async function cachedRemoteMedia(daysOld: number) {
    const account = await createRemoteAccount(dataSource, { username: `r${daysOld}` });
    const media = await createMediaAttachment(dataSource, account, {
      remoteUrl: `https://remote.example/media/${daysOld}.png`,
      fileFileName: `cached${daysOld}.png`,
      fileFileSize: 3000,
      thumbnailFileName: `thumb${daysOld}.png`,
      thumbnailFileSize: 1000,
    });
    const at = new Date(Date.now() - daysOld * 24 * 3600_000);
    await dataSource.query(
      `UPDATE media_attachments SET created_at = $2, updated_at = $2 WHERE id = $1`,
      [media.id, at],
    );
    const keys = [
      mediaAttachmentKey(media, 'original')!,
      mediaAttachmentKey(media, 'small')!,
      mediaThumbnailKey(media)!,
    ];
    for (const key of keys) {
      await storage.put(key, Buffer.alloc(500), { contentType: 'image/png' });
    }
    return { media, keys };
  }

  it('media remove forgets cached copies of remote media older than --days', async () => {
    const old = await cachedRemoteMedia(10);
    const recent = await cachedRemoteMedia(2);
    expect(await cli.run('media', 'remove', '--days', '7', '--dry-run')).toEqual([
      'Removed 1 media attachments (approx. 3.91 KB) (DRY RUN)',
    ]);
    expect(await storage.read(old.keys[0])).toHaveLength(500);

    expect(await cli.run('media', 'remove', '--days', '7')).toEqual([
      'Removed 1 media attachments (approx. 3.91 KB)',
    ]);
    const repository = cli.app.get(MediaAttachmentRepository);
    expect(await repository.findById(old.media.id)).toMatchObject({
      remoteUrl: 'https://remote.example/media/10.png',
      fileFileName: null,
      thumbnailFileName: null,
    });
    for (const key of old.keys) await expect(storage.read(key)).rejects.toThrow();
    expect((await repository.findById(recent.media.id))!.fileFileName).toBe('cached2.png');
    expect(await cli.run('media', 'remove')).toEqual([
      'Removed 0 media attachments (approx. 0 Bytes)',
    ]);
    expect(await cli.run('media', 'remove', '--days', '1')).toEqual([
      'Removed 1 media attachments (approx. 3.91 KB)',
    ]);
    await expect(cli.run('media', 'remove', '--days', 'soon')).rejects.toThrow();
  });

  it('media usage reports storage per kind, local and in all', async () => {
    await storage.put('media_attachments/files/000/000/009/original/a.png', Buffer.alloc(2048), {
      contentType: 'image/png',
    });
    await storage.put(
      'cache/media_attachments/files/000/000/009/original/b.png',
      Buffer.alloc(1024),
      {
        contentType: 'image/png',
      },
    );
    await storage.put('accounts/avatars/000/000/001/original/c.png', Buffer.alloc(100), {
      contentType: 'image/png',
    });
    expect(await cli.run('media', 'usage')).toEqual([
      'Attachments:\t3 KB (2 KB local)',
      'Custom emoji:\t0 Bytes (0 Bytes local)',
      'Avatars:\t100 Bytes (100 Bytes local)',
      'Headers:\t0 Bytes (0 Bytes local)',
    ]);
  });
});
