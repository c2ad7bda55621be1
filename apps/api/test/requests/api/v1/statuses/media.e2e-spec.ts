import { animatedGif, noiseImage, sampleAudio, sampleVideo, solidImage } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor } from '../../../../support/statuses';

interface MediaJson {
  id: string;
  type: string;
  url: string | null;
  preview_url: string | null;
  description: string | null;
  meta: Record<string, unknown> | null;
}

/**
 * Real uploads posted with statuses, end to end (jobs inline, so the worker's processing and
 * fan-out are done when each request returns): media on every read path, the rules of
 * attaching, edits of descriptions, focal points and preview images, delete and redraft.
 */
describe('statuses with media', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
    await api.http
      .post(`/api/v1/accounts/${alice.account.id}/follow`)
      .set('Authorization', bob.auth)
      .expect(200);
    // Bob's home feed is built (the first read answers 206 while it is), so posts fan out to it.
    await api.http.get('/api/v1/timelines/home').set('Authorization', bob.auth);
  });
  afterAll(() => api.close());

  const upload = async (file: Buffer, fields: Record<string, string> = {}): Promise<MediaJson> => {
    const req = api.http.post('/api/v2/media').set('Authorization', alice.auth);
    for (const [name, value] of Object.entries(fields)) req.field(name, value);
    const res = await req.attach('file', file, 'upload');
    expect([200, 202]).toContain(res.status);
    // The worker ran inline: the attachment is ready when read again.
    const ready = await api.http
      .get(`/api/v1/media/${res.body.id}`)
      .set('Authorization', alice.auth)
      .expect(200);
    return ready.body;
  };
  const post = (actor: Actor, body: Record<string, unknown>) =>
    api.http.post('/api/v1/statuses').set('Authorization', actor.auth).send(body);
  const mediaOf = (status: { media_attachments: MediaJson[] }) =>
    status.media_attachments.map((m) => [m.id, m.type, m.description]);

  it('posts an image, a GIF, a video and audio with descriptions and shows them everywhere', async () => {
    const image = await upload(await noiseImage(640, 480), {
      description: 'Noise',
      focus: '0.5,0.5',
    });
    const gif = await upload(await animatedGif(40, 30), { description: 'Blinking' });
    const video = await upload(await sampleVideo({ seconds: 1 }), { description: 'Test card' });
    const audio = await upload(await sampleAudio('mp3'), { description: 'A tone' });
    expect([image.type, gif.type, video.type, audio.type]).toEqual([
      'image',
      'gifv',
      'video',
      'audio',
    ]);

    // Images and GIFs mix; empty text is fine with media; sensitive as asked.
    const pictures = await post(alice, {
      status: '',
      media_ids: [gif.id, image.id],
      sensitive: true,
    }).expect(200);
    expect(pictures.body.sensitive).toBe(true);
    expect(mediaOf(pictures.body)).toEqual([
      [gif.id, 'gifv', 'Blinking'],
      [image.id, 'image', 'Noise'],
    ]);
    expect(pictures.body.media_attachments[1]).toMatchObject({
      url: image.url,
      preview_url: image.preview_url,
      meta: { focus: { x: 0.5, y: 0.5 } },
    });
    const film = (await post(alice, { status: 'film', media_ids: [video.id] }).expect(200)).body;
    const sound = (await post(alice, { status: 'sound', media_ids: [audio.id] }).expect(200)).body;
    await post(alice, { status: 'text only' }).expect(200);

    const shown = await api.http.get(`/api/v1/statuses/${pictures.body.id}`).expect(200);
    expect(mediaOf(shown.body)).toEqual(mediaOf(pictures.body));
    const withMedia = [sound.id, film.id, pictures.body.id];
    const ids = (body: Array<{ id: string }>) => body.map((status) => status.id);
    const accountMedia = await api.http
      .get(`/api/v1/accounts/${alice.account.id}/statuses?only_media=true`)
      .expect(200);
    expect(ids(accountMedia.body)).toEqual(withMedia);
    const publicMedia = await api.http.get('/api/v1/timelines/public?only_media=true').expect(200);
    expect(ids(publicMedia.body)).toEqual(withMedia);
    const home = await api.http
      .get('/api/v1/timelines/home')
      .set('Authorization', bob.auth)
      .expect(200);
    const homeFilm = home.body.find((status: { id: string }) => status.id === film.id);
    expect(mediaOf(homeFilm)).toEqual([[video.id, 'video', 'Test card']]);
  });

  it('refuses media not processed yet, failed, or video with other media', async () => {
    const image = await upload(await solidImage(30, 30));
    const audio = await upload(await sampleAudio('wav'));
    const mixed = await post(alice, { media_ids: [image.id, audio.id] }).expect(422);
    expect(mixed.body.error).toBe('Cannot attach a video to a post that already contains images');

    await api.dataSource.query(
      `UPDATE media_attachments SET processing = 'in_progress' WHERE id = $1`,
      [image.id],
    );
    const pending = await post(alice, { media_ids: [image.id] }).expect(422);
    expect(pending.body.error).toBe(
      'Cannot attach files that have not finished processing. Try again in a moment!',
    );
    await api.dataSource.query(`UPDATE media_attachments SET processing = 'failed' WHERE id = $1`, [
      image.id,
    ]);
    await post(alice, { media_ids: [image.id] }).expect(422);
  });

  it('edits descriptions, focal points and preview images through media_attributes[]', async () => {
    const image = await upload(await noiseImage(200, 100), { description: 'before' });
    const audio = await upload(await sampleAudio('wav'), { description: 'sound' });
    const status = (await post(alice, { status: 'edit me', media_ids: [image.id] }).expect(200))
      .body;

    const edited = await api.http
      .put(`/api/v1/statuses/${status.id}`)
      .set('Authorization', alice.auth)
      .send({
        status: 'edit me',
        media_ids: [image.id],
        media_attributes: [{ id: image.id, description: 'after', focus: '-1,1' }],
      })
      .expect(200);
    expect(edited.body.media_attachments[0]).toMatchObject({
      id: image.id,
      description: 'after',
      meta: { focus: { x: -1, y: 1 } },
    });
    expect(edited.body.edited_at).not.toBeNull();
    const history = await api.http.get(`/api/v1/statuses/${status.id}/history`).expect(200);
    expect(
      history.body.map((version: { media_attachments: MediaJson[] }) =>
        version.media_attachments.map((m) => m.description),
      ),
    ).toEqual([['before'], ['after']]);

    // A preview image for audio, sent as a multipart file of the entry.
    const audioStatus = (await post(alice, { status: 'listen', media_ids: [audio.id] })).body;
    const withCover = await api.http
      .put(`/api/v1/statuses/${audioStatus.id}`)
      .set('Authorization', alice.auth)
      .field('status', 'listen')
      .field('media_ids[]', audio.id)
      .field('media_attributes[0][id]', audio.id)
      .field('media_attributes[0][description]', 'sound, with a cover')
      .attach('media_attributes[0][thumbnail]', await solidImage(300, 300, 'jpeg'), 'cover.jpg')
      .expect(200);
    expect(withCover.body.media_attachments[0]).toMatchObject({
      description: 'sound, with a cover',
      preview_url: expect.stringMatching(/\/media_attachments\/thumbnails\/.+\.jpg$/),
      meta: { small: { width: 300, height: 300 } },
    });
    await api.http
      .get(new URL(withCover.body.media_attachments[0].preview_url).pathname)
      .expect(200);

    // Bad attributes are 422 and change nothing.
    await api.http
      .put(`/api/v1/statuses/${status.id}`)
      .set('Authorization', alice.auth)
      .send({
        status: 'edit me',
        media_ids: [image.id],
        media_attributes: [{ id: image.id, description: 'x'.repeat(1501) }],
      })
      .expect(422);
  });

  it('keeps media for a redraft when a status is deleted', async () => {
    const image = await upload(await solidImage(50, 50));
    const status = (await post(alice, { status: 'draft 1', media_ids: [image.id] })).body;
    const deleted = await api.http
      .delete(`/api/v1/statuses/${status.id}`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(mediaOf(deleted.body)).toEqual([[image.id, 'image', null]]);
    await api.http.get(new URL(image.url!).pathname).expect(200);
    const redraft = await post(alice, { status: 'draft 2', media_ids: [image.id] }).expect(200);
    expect(redraft.body.media_attachments[0].url).toBe(image.url);
  });
});
