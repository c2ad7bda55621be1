import { INestApplicationContext } from '@nestjs/common';
import { ORPHANED_MEDIA_TTL_MS } from '@nestodon/core';
import { mediaAttachmentKeys, MediaAttachmentRepository } from '@nestodon/domain';
import { JobDispatcher, JobName, JobQueue, QUEUE_OF_JOB } from '@nestodon/queue';
import {
  createAccessToken,
  createLocalAccount,
  createStatus,
  RunningApp,
  sampleVideo,
  solidImage,
  TestEnvironment,
  waitFor,
} from '@nestodon/testing';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { ApiAndWorker, startApiAndWorker } from './support/api-and-worker';

/**
 * Media jobs between a real api and a real worker over BullMQ: uploads processed by the
 * worker, and the hourly cleanup of orphaned media, registered by the worker at boot.
 */
describe('media jobs', () => {
  let apiAndWorker: ApiAndWorker;
  let environment: TestEnvironment;
  let worker: INestApplicationContext;
  let api: RunningApp;
  let auth: string;
  let accountId: string;

  beforeAll(async () => {
    apiAndWorker = await startApiAndWorker();
    ({ environment, worker, api } = apiAndWorker);
    const { account, user } = await createLocalAccount(api.app.get(DataSource));
    accountId = account.id;
    auth = `Bearer ${await createAccessToken(api.app.get(DataSource), { user })}`;
  });
  afterAll(() => apiAndWorker.close());

  const read = (id: string) => api.http.get(`/api/v1/media/${id}`).set('Authorization', auth);
  const onDisk = (key: string) => existsSync(join(environment.config.media.root, key));

  it('the worker processes an upload the api handed over', async () => {
    const res = await api.http
      .post('/api/v2/media')
      .set('Authorization', auth)
      .attach('file', await sampleVideo({ seconds: 1 }), 'clip.mp4')
      .expect(202);
    expect(await waitFor(async () => (await read(res.body.id)).status === 200, 20_000)).toBe(true);
    expect((await read(res.body.id)).body).toMatchObject({
      type: 'video',
      url: expect.stringMatching(/\.mp4$/),
    });
  });

  it('registers the hourly cleanup as a repeating job', async () => {
    const queue = api.app.get(JobQueue).queue(QUEUE_OF_JOB[JobName.RemoveOrphanedMedia]);
    const schedulers = await queue.getJobSchedulers();
    // The scheduler queue holds other recurring jobs too (trends); this one is there once.
    expect(schedulers.filter((scheduler) => scheduler.key === JobName.RemoveOrphanedMedia)).toEqual(
      [expect.objectContaining({ key: JobName.RemoveOrphanedMedia, every: 3600_000 })],
    );
  });

  it('the cleanup removes day-old unattached uploads and media of deleted statuses', async () => {
    const dataSource = api.app.get(DataSource);
    const media = api.app.get(MediaAttachmentRepository);
    const uploadImage = async () =>
      (
        await api.http
          .post('/api/v2/media')
          .set('Authorization', auth)
          .attach('file', await solidImage(16, 16), 'a.png')
          .expect(200)
      ).body.id as string;
    const [old, fresh, detached, ofDeleted, attached] = [
      await uploadImage(),
      await uploadImage(),
      await uploadImage(),
      await uploadImage(),
      await uploadImage(),
    ];
    const dayAgo = new Date(Date.now() - ORPHANED_MEDIA_TTL_MS - 60_000);
    // Uploaded over a day ago: `old` never used, `detached` freed by a redraft just now.
    await dataSource.query(
      `UPDATE media_attachments SET created_at = $2, updated_at = $2 WHERE id = ANY($1::bigint[])`,
      [[old, ofDeleted, attached], dayAgo],
    );
    await dataSource.query(`UPDATE media_attachments SET created_at = $2 WHERE id = $1`, [
      detached,
      dayAgo,
    ]);
    const account = { id: accountId, domain: null };
    const deleted = await createStatus(dataSource, account, {
      deletedAt: new Date(),
      orderedMediaAttachmentIds: [ofDeleted],
    });
    const live = await createStatus(dataSource, account, { orderedMediaAttachmentIds: [attached] });
    await media.update(ofDeleted, { statusId: deleted.id });
    await media.update(attached, { statusId: live.id });
    const keysOf = async (id: string) => mediaAttachmentKeys((await media.findById(id))!).public;
    const oldKeys = [...(await keysOf(old)), ...(await keysOf(ofDeleted))];
    expect(oldKeys.every((key) => onDisk(key))).toBe(true);

    const result = await worker.get(JobDispatcher).run(JobName.RemoveOrphanedMedia, {});
    expect(result).toEqual({ removed: 2 });
    for (const id of [old, ofDeleted]) expect(await media.findById(id)).toBeNull();
    for (const id of [fresh, detached, attached]) expect(await media.findById(id)).not.toBeNull();
    expect(oldKeys.some((key) => onDisk(key))).toBe(false);
    expect((await keysOf(attached)).every((key) => onDisk(key))).toBe(true);
  });
});
