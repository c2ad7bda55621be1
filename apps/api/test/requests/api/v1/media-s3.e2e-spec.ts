import { RunningS3Server, solidImage, startS3Server } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { Actor, createActor } from '../../../support/statuses';

/** Uploads through the api with S3_ENABLED: files go to (and are served by) the bucket. */
describe('media attachments on S3-compatible storage', () => {
  let s3: RunningS3Server;
  let api: ApiHarness;
  let alice: Actor;

  beforeAll(async () => {
    s3 = await startS3Server();
    api = await startApi({ env: s3.env });
    alice = await createActor(api.dataSource, { username: 'alice' });
  });
  afterAll(async () => {
    await api.close();
    await s3.close();
  });

  it('stores uploads in the bucket, serves them from there and deletes them', async () => {
    const res = await api.http
      .post('/api/v2/media')
      .set('Authorization', alice.auth)
      .attach('file', await solidImage(40, 30, 'webp'), 'a.webp')
      .expect(200);
    const bucketUrl = `${s3.endpoint}/${s3.bucket}/media_attachments/files/`;
    expect(res.body.url.startsWith(bucketUrl)).toBe(true);
    expect(res.body.preview_url.startsWith(bucketUrl)).toBe(true);
    const file = await fetch(res.body.url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    // Nothing is served under /system when the files live in a bucket.
    await api.http.get(new URL(res.body.url).pathname.replace(/^\/[^/]+/, '/system')).expect(404);

    await api.http
      .delete(`/api/v1/media/${res.body.id}`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect((await fetch(res.body.url)).status).toBe(404);
  });
});
