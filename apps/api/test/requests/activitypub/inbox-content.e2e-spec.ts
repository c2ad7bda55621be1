import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { BlockInstanceDomainService, MediaStorage } from '@nestodon/core';
import {
  Account,
  AccountRepository,
  Block,
  CustomEmoji,
  DomainBlock,
  Follow,
  FollowRequest,
  Mute,
  Poll,
  PollVote,
  Status,
} from '@nestodon/domain';
import {
  createAccessToken,
  createLocalAccount,
  createPoll,
  createStatus,
  insertBlock,
  insertFollow,
  insertMute,
  noiseImage,
  solidImage,
} from '@nestodon/testing';
import { ApiHarness } from '../../support/api-harness';
import { accountOfActor, closeApiWithRemote, startApiWithRemote } from '../../support/inbound';
import {
  MASTODON_CONTEXT,
  RemoteActor,
  RemoteInstance,
  signedPost,
} from '../../support/remote-instance';

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
type Json = Record<string, unknown>;

/**
 * What remote statuses and actors carry besides text, taken in through the real inbox (jobs
 * inline) and read back through the REST API: polls and votes, attachments, custom emoji;
 * and what remote accounts do to themselves: Move, and Delete of the actor.
 */
describe('inbound content: polls, attachments, emoji, Move, actor deletion', () => {
  let api: ApiHarness;
  let remote: RemoteInstance;
  let alice: Account;
  let aliceAuth: string;
  let bob: RemoteActor;

  beforeAll(async () => {
    ({ api, remote } = await startApiWithRemote());
    const created = await createLocalAccount(api.dataSource, { username: 'alice' });
    alice = created.account;
    aliceAuth = `Bearer ${await createAccessToken(api.dataSource, {
      user: created.user,
      scopes: 'read write follow',
    })}`;
    bob = remote.actor('bob');
  });
  afterAll(() => closeApiWithRemote({ api, remote }));

  const sharedInbox = () => `${api.url}/inbox`;
  const localActor = (username: string) => `${api.config.instance.baseUrl}/users/${username}`;
  const activityId = (actor: RemoteActor) => `${actor.id}#activities/${randomUUID()}`;
  const accountOf = (actor: RemoteActor) => accountOfActor(api, actor);
  const statusByUri = (uri: string) =>
    api.dataSource.getRepository(Status).findOne({ where: { uri }, withDeleted: true });
  const note = (actor: RemoteActor, extra: Json = {}): Json => ({
    id: `${actor.id}/statuses/${randomUUID()}`,
    type: 'Note',
    attributedTo: actor.id,
    content: '<p>hello</p>',
    published: '2026-01-02T03:04:05Z',
    to: [PUBLIC],
    cc: [`${actor.id}/followers`],
    ...extra,
  });
  const activity = (type: string, actor: RemoteActor, object: unknown, extra: Json = {}) => ({
    '@context': MASTODON_CONTEXT,
    id: activityId(actor),
    type,
    actor: actor.id,
    object,
    ...extra,
  });
  const count = (
    entity: typeof Follow | typeof FollowRequest | typeof Block | typeof Mute,
    accountId: string,
    targetAccountId: string,
  ) => api.dataSource.getRepository(entity).countBy({ accountId, targetAccountId });
  const deliver = async (body: Json, actor: RemoteActor) =>
    expect((await signedPost(sharedInbox(), body, actor)).status).toBe(202);

  describe('polls', () => {
    const question = (actor: RemoteActor, extra: Json = {}) =>
      note(actor, {
        type: 'Question',
        content: '<p>Tea or coffee?</p>',
        endTime: '2099-01-01T00:00:00Z',
        votersCount: 3,
        oneOf: [
          { type: 'Note', name: 'tea', replies: { type: 'Collection', totalItems: 2 } },
          { type: 'Note', name: 'coffee', replies: { type: 'Collection', totalItems: 1 } },
        ],
        ...extra,
      });

    it('stores the poll of a Question, readable on the status and at /api/v1/polls/:id', async () => {
      const object = question(bob);
      await deliver(activity('Create', bob, object), bob);
      const status = (await statusByUri(object.id as string))!;
      expect(status.pollId).not.toBeNull();
      const shown = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
      expect(shown.body.poll).toMatchObject({
        id: status.pollId,
        expires_at: '2099-01-01T00:00:00.000Z',
        expired: false,
        multiple: false,
        votes_count: 3,
        voters_count: 3,
        options: [
          { title: 'tea', votes_count: 2 },
          { title: 'coffee', votes_count: 1 },
        ],
      });
      const poll = await api.http
        .get(`/api/v1/polls/${status.pollId}`)
        .set('Authorization', aliceAuth)
        .expect(200);
      expect(poll.body).toMatchObject({ id: status.pollId, voted: false, own_votes: [] });
    });

    it('reads anyOf as multiple choice and a closed poll as ended', async () => {
      const object = question(bob, {
        oneOf: undefined,
        endTime: undefined,
        closed: '2026-01-03T00:00:00Z',
        anyOf: [
          { type: 'Note', name: 'a', replies: { type: 'Collection', totalItems: 4 } },
          { type: 'Note', name: 'b', replies: { type: 'Collection', totalItems: 5 } },
        ],
      });
      await deliver(activity('Create', bob, object), bob);
      const status = (await statusByUri(object.id as string))!;
      const res = await api.http.get(`/api/v1/polls/${status.pollId}`).expect(200);
      expect(res.body).toMatchObject({
        multiple: true,
        expired: true,
        expires_at: '2026-01-03T00:00:00.000Z',
        votes_count: 9,
      });
    });

    it('takes new counts and the end from an Update of the Question, as no edit', async () => {
      const object = question(bob);
      await deliver(activity('Create', bob, object), bob);
      const counted = question(bob, {
        id: object.id,
        votersCount: 7,
        closed: '2026-01-05T00:00:00Z',
        oneOf: [
          { type: 'Note', name: 'tea', replies: { type: 'Collection', totalItems: 5 } },
          { type: 'Note', name: 'coffee', replies: { type: 'Collection', totalItems: 2 } },
        ],
      });
      await deliver(activity('Update', bob, counted), bob);
      const status = (await statusByUri(object.id as string))!;
      const res = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
      expect(res.body.edited_at).toBeNull();
      expect(res.body.poll).toMatchObject({
        expired: true,
        votes_count: 7,
        voters_count: 7,
        options: [
          { title: 'tea', votes_count: 5 },
          { title: 'coffee', votes_count: 2 },
        ],
      });
    });

    it('lets a local account vote in a remote poll through the REST API', async () => {
      const object = question(bob);
      await deliver(activity('Create', bob, object), bob);
      const status = (await statusByUri(object.id as string))!;
      const res = await api.http
        .post(`/api/v1/polls/${status.pollId}/votes`)
        .set('Authorization', aliceAuth)
        .send({ choices: ['1'] })
        .expect(200);
      expect(res.body).toMatchObject({ voted: true, own_votes: [1], votes_count: 4 });
    });

    it('fetches a stale remote poll again when a signed-in reader looks at it', async () => {
      const object = question(bob);
      await deliver(activity('Create', bob, object), bob);
      const status = (await statusByUri(object.id as string))!;
      const counted = question(bob, {
        id: object.id,
        votersCount: 10,
        oneOf: [
          { type: 'Note', name: 'tea', replies: { type: 'Collection', totalItems: 6 } },
          { type: 'Note', name: 'coffee', replies: { type: 'Collection', totalItems: 4 } },
        ],
      });
      remote.put(object.id as string, { '@context': MASTODON_CONTEXT, ...counted });
      const read = (auth?: string) => {
        const req = api.http.get(`/api/v1/polls/${status.pollId}`);
        return (auth ? req.set('Authorization', auth) : req).expect(200);
      };
      // Fresh: not fetched again.
      await read(aliceAuth);
      expect((await read()).body.votes_count).toBe(3);
      const polls = api.dataSource.getRepository(Poll);
      await polls.update({ id: status.pollId! }, { lastFetchedAt: new Date(Date.now() - 120_000) });
      // Anonymous readers do not make it fetched; a signed-in one does (in the background).
      await read();
      expect((await polls.findOneByOrFail({ id: status.pollId! })).votesCount).toBe(3);
      await read(aliceAuth);
      expect((await read()).body).toMatchObject({
        votes_count: 10,
        voters_count: 10,
        options: [
          { title: 'tea', votes_count: 6 },
          { title: 'coffee', votes_count: 4 },
        ],
      });
    });

    it('tells local voters when a remote poll ends', async () => {
      const object = question(bob);
      await deliver(activity('Create', bob, object), bob);
      const status = (await statusByUri(object.id as string))!;
      await api.http
        .post(`/api/v1/polls/${status.pollId}/votes`)
        .set('Authorization', aliceAuth)
        .send({ choices: ['0'] })
        .expect(200);
      const ended = question(bob, {
        id: object.id,
        closed: new Date(Date.now() - 1000).toISOString(),
      });
      await deliver(activity('Update', bob, ended), bob);
      const res = await api.http
        .get('/api/v1/notifications')
        .query({ types: ['poll'] })
        .set('Authorization', aliceAuth)
        .expect(200);
      expect(res.body).toEqual([
        expect.objectContaining({
          type: 'poll',
          status: expect.objectContaining({
            id: status.id,
            poll: expect.objectContaining({ expired: true }),
          }),
        }),
      ]);
    });

    it('counts votes in a local poll once per voter and option', async () => {
      const status = await createStatus(api.dataSource, alice, { text: 'vote' });
      const single = await createPoll(api.dataSource, status, { options: ['yes', 'no'] });
      const multiple = await createStatus(api.dataSource, alice, { text: 'pick' });
      const poll = await createPoll(api.dataSource, multiple, {
        options: ['red', 'green', 'blue'],
        multiple: true,
      });
      const questionUri = (id: string) => `${localActor('alice')}/statuses/${id}`;
      const vote = (actor: RemoteActor, inReplyTo: string, name: string) =>
        activity(
          'Create',
          actor,
          {
            id: `${actor.id}#votes/${randomUUID()}`,
            type: 'Note',
            name,
            attributedTo: actor.id,
            inReplyTo,
            to: localActor('alice'),
          },
          { to: localActor('alice') },
        );
      const voter = remote.actor('voter');
      await deliver(vote(voter, questionUri(status.id), 'yes'), voter);
      // A second option in a single-choice poll, and the same option again, are not counted.
      await deliver(vote(voter, questionUri(status.id), 'no'), voter);
      await deliver(vote(voter, questionUri(status.id), 'yes'), voter);
      // Votes for what is no option, and votes signed by someone else, are not either.
      await deliver(vote(voter, questionUri(status.id), 'maybe'), voter);
      const forger = remote.actor('forger');
      await deliver(
        activity('Create', forger, {
          id: `${voter.id}#votes/${randomUUID()}`,
          type: 'Note',
          name: 'no',
          attributedTo: voter.id,
          inReplyTo: questionUri(status.id),
        }),
        forger,
      );
      await deliver(vote(voter, questionUri(multiple.id), 'red'), voter);
      await deliver(vote(voter, questionUri(multiple.id), 'blue'), voter);
      await deliver(vote(voter, questionUri(multiple.id), 'blue'), voter);

      const polls = api.dataSource.getRepository(Poll);
      expect(await polls.findOneByOrFail({ id: single.id })).toMatchObject({
        cachedTallies: [1, 0],
        votesCount: 1,
        votersCount: 1,
      });
      expect(await polls.findOneByOrFail({ id: poll.id })).toMatchObject({
        cachedTallies: [1, 0, 1],
        votesCount: 2,
        votersCount: 1,
      });
      const votes = await api.dataSource
        .getRepository(PollVote)
        .findBy({ accountId: (await accountOf(voter)).id });
      expect(votes).toHaveLength(3);
      expect(votes.every((row) => row.uri?.startsWith(`${voter.id}#votes/`))).toBe(true);
      // Votes are no statuses.
      expect(
        await api.dataSource
          .getRepository(Status)
          .countBy({ accountId: (await accountOf(voter)).id }),
      ).toBe(0);
    });

    it('does not count a vote after the end of the poll', async () => {
      const status = await createStatus(api.dataSource, alice, { text: 'over' });
      const poll = await createPoll(api.dataSource, status, {
        expiresAt: new Date(Date.now() - 1000),
      });
      const late = remote.actor('late');
      await deliver(
        activity('Create', late, {
          id: `${late.id}#votes/1`,
          type: 'Note',
          name: 'yes',
          attributedTo: late.id,
          inReplyTo: `${localActor('alice')}/statuses/${status.id}`,
        }),
        late,
      );
      expect(
        await api.dataSource.getRepository(Poll).findOneByOrFail({ id: poll.id }),
      ).toMatchObject({ votesCount: 0 });
    });
  });
  describe('attachments and custom emoji', () => {
    const BLURHASH = 'UBL_:rOpGG-oBUNG,qRj2so|=eE1w^n4S5NH';
    const attachments = () => [
      {
        type: 'Document',
        mediaType: 'image/jpeg',
        url: `${remote.base}/media/cat.jpg`,
        name: 'a cat on a mat',
        blurhash: BLURHASH,
        focalPoint: [0.5, -0.25],
        width: 1200,
        height: 800,
      },
      {
        type: 'Document',
        mediaType: 'video/mp4',
        url: `${remote.base}/media/clip.mp4`,
        icon: { type: 'Image', url: `${remote.base}/media/clip-poster.jpg` },
      },
      { type: 'Audio', url: `${remote.base}/media/song.mp3` },
      { type: 'Document', mediaType: 'application/pdf', url: `${remote.base}/media/paper.pdf` },
      { type: 'Document', mediaType: 'image/png', url: 'javascript:alert(1)' },
    ];
    const blobcat = (image = 'blobcat.png') => ({
      id: `${remote.base}/emojis/blobcat`,
      type: 'Emoji',
      name: ':blobcat:',
      updated: '2026-01-01T00:00:00Z',
      icon: { type: 'Image', mediaType: 'image/png', url: `${remote.base}/emoji/${image}` },
    });

    it('stores attachments by remote URL and shows them in media_attachments', async () => {
      const object = note(bob, { attachment: attachments(), sensitive: true });
      // Mastodon's context names its attachment terms.
      const context = [
        ...MASTODON_CONTEXT,
        {
          blurhash: 'toot:blurhash',
          focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
        },
      ];
      await deliver({ ...activity('Create', bob, object), '@context': context }, bob);
      const status = (await statusByUri(object.id as string))!;
      const res = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
      expect(res.body.sensitive).toBe(true);
      expect(res.body.media_attachments).toEqual([
        expect.objectContaining({
          type: 'image',
          url: `${remote.base}/media/cat.jpg`,
          remote_url: `${remote.base}/media/cat.jpg`,
          preview_url: `${remote.base}/media/cat.jpg`,
          description: 'a cat on a mat',
          blurhash: BLURHASH,
          meta: {
            original: { width: 1200, height: 800, size: '1200x800', aspect: 1.5 },
            focus: { x: 0.5, y: -0.25 },
          },
        }),
        expect.objectContaining({
          type: 'video',
          url: `${remote.base}/media/clip.mp4`,
          preview_url: `${remote.base}/media/clip-poster.jpg`,
          preview_remote_url: `${remote.base}/media/clip-poster.jpg`,
          description: null,
          blurhash: null,
        }),
        expect.objectContaining({ type: 'audio', url: `${remote.base}/media/song.mp3` }),
        expect.objectContaining({ type: 'unknown', remote_url: `${remote.base}/media/paper.pdf` }),
      ]);
    });

    it('applies the attachments of an edit, keeping the rows of the files it keeps', async () => {
      const [cat, clip] = attachments();
      const object = note(bob, { attachment: [cat] });
      await deliver(activity('Create', bob, object), bob);
      const status = (await statusByUri(object.id as string))!;
      const before = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
      const edited = {
        ...object,
        updated: '2026-01-03T00:00:00Z',
        attachment: [clip, { ...cat, name: 'a cat, described better' }],
      };
      await deliver(activity('Update', bob, edited), bob);
      const after = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
      expect(after.body.edited_at).toBe('2026-01-03T00:00:00.000Z');
      expect(after.body.media_attachments).toEqual([
        expect.objectContaining({ type: 'video', remote_url: clip.url }),
        expect.objectContaining({
          id: before.body.media_attachments[0].id,
          remote_url: cat.url,
          description: 'a cat, described better',
        }),
      ]);
      const history = await api.http.get(`/api/v1/statuses/${status.id}/history`).expect(200);
      expect(
        history.body.map((version: { media_attachments: Array<{ description: string }> }) =>
          version.media_attachments.map((media) => media.description),
        ),
      ).toEqual([['a cat on a mat'], [null, 'a cat, described better']]);
    });

    it('keeps a copy of a remote image made by the worker, the remote URL beside it', async () => {
      remote.files.set('/media/photo.jpg', {
        data: await noiseImage(640, 480),
        contentType: 'image/jpeg',
      });
      const object = note(bob, {
        attachment: [
          {
            type: 'Document',
            mediaType: 'image/jpeg',
            url: `${remote.base}/media/photo.jpg`,
            name: 'noise',
          },
        ],
      });
      await deliver(activity('Create', bob, object), bob);
      const status = (await statusByUri(object.id as string))!;
      const res = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
      const [media] = res.body.media_attachments;
      const cached = `${api.config.media.baseUrl}/cache/media_attachments/files/`;
      expect(media).toMatchObject({
        type: 'image',
        remote_url: `${remote.base}/media/photo.jpg`,
        description: 'noise',
        meta: { original: { width: 640, height: 480 } },
      });
      expect(media.url).toMatch(new RegExp(`^${cached}.+/original/[0-9a-f]+\\.jpe?g$`));
      expect(media.preview_url).toMatch(new RegExp(`^${cached}.+/small/`));
      expect(media.blurhash).toEqual(expect.any(String));
      const key = (media.url as string).slice(api.config.media.baseUrl.length + 1);
      const copy = await api.app.get(MediaStorage).read(key);
      expect(await sharp(copy).metadata()).toMatchObject({ width: 640, height: 480 });
    });

    it("keeps tagged custom emojis as the remote server's, shown on statuses and accounts only", async () => {
      const emo = remote.actor('emo', {
        name: 'Emo :blobcat:',
        tag: [blobcat()],
      });
      const object = note(emo, { content: '<p>hi :blobcat: :unknown:</p>', tag: [blobcat()] });
      await deliver(activity('Create', emo, object), emo);
      const status = (await statusByUri(object.id as string))!;
      const res = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
      const shown = {
        shortcode: 'blobcat',
        url: `${remote.base}/emoji/blobcat.png`,
        static_url: `${remote.base}/emoji/blobcat.png`,
        visible_in_picker: true,
      };
      expect(res.body.emojis).toEqual([expect.objectContaining(shown)]);
      expect(res.body.account.emojis).toEqual([expect.objectContaining(shown)]);
      expect(res.body.account.display_name).toBe('Emo :blobcat:');
      const picker = await api.http.get('/api/v1/custom_emojis').expect(200);
      expect(picker.body).toEqual([]);

      // A new image for the shortcode replaces the old one; the same tag again changes nothing.
      const again = note(emo, {
        content: '<p>:blobcat:</p>',
        tag: [blobcat('blobcat-2.png')],
      });
      await deliver(activity('Create', emo, again), emo);
      const rows = await api.dataSource
        .getRepository(CustomEmoji)
        .findBy({ shortcode: 'blobcat', domain: remote.host });
      expect(rows).toEqual([
        expect.objectContaining({
          imageRemoteUrl: `${remote.base}/emoji/blobcat-2.png`,
          uri: `${remote.base}/emojis/blobcat`,
        }),
      ]);
    });

    it('keeps a copy of a remote emoji image made by the worker, replaced when it changes', async () => {
      const png = (colour: string) => solidImage(32, 32, 'png', colour);
      remote.files.set('/emoji/wave.png', { data: await png('#ff0000'), contentType: 'image/png' });
      remote.files.set('/emoji/wave-2.png', {
        data: await png('#00ff00'),
        contentType: 'image/png',
      });
      const wave = (image: string) => ({
        ...blobcat(image),
        id: `${remote.base}/emojis/wave`,
        name: ':wave:',
        updated: undefined,
      });
      const waver = remote.actor('waver');
      const shown = async (image: string) => {
        const object = note(waver, { content: '<p>:wave:</p>', tag: [wave(image)] });
        await deliver(activity('Create', waver, object), waver);
        const status = (await statusByUri(object.id as string))!;
        const res = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
        return res.body.emojis[0] as { url: string; static_url: string };
      };
      const stored = `${api.config.media.baseUrl}/custom_emojis/images/`;
      const first = await shown('wave.png');
      expect(first.url).toMatch(new RegExp(`^${stored}.+/original/[0-9a-f]+\\.png$`));
      expect(first.static_url).toMatch(new RegExp(`^${stored}.+/static/[0-9a-f]+\\.png$`));
      const storage = api.app.get(MediaStorage);
      const keyOf = (url: string) => url.slice(api.config.media.baseUrl.length + 1);
      expect(await storage.read(keyOf(first.url))).toEqual(await png('#ff0000'));

      const second = await shown('wave-2.png');
      expect(second.url).not.toBe(first.url);
      expect(await storage.read(keyOf(second.url))).toEqual(await png('#00ff00'));
      await expect(storage.read(keyOf(first.url))).rejects.toThrow();
    });

    it('takes no emoji and only links as attachments from a server whose media are rejected', async () => {
      const blocks = api.dataSource.getRepository(DomainBlock);
      await blocks.save({ domain: remote.host, severity: 'noop', rejectMedia: true });
      try {
        const shy = remote.actor('shy');
        const object = note(shy, {
          content: '<p>:partyparrot:</p>',
          attachment: attachments().slice(0, 1),
          tag: [{ ...blobcat(), name: ':partyparrot:' }],
        });
        await deliver(activity('Create', shy, object), shy);
        const status = (await statusByUri(object.id as string))!;
        const res = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
        expect(res.body.emojis).toEqual([]);
        expect(res.body.media_attachments).toEqual([
          expect.objectContaining({ type: 'unknown', remote_url: `${remote.base}/media/cat.jpg` }),
        ]);
        expect(
          await api.dataSource.getRepository(CustomEmoji).countBy({ shortcode: 'partyparrot' }),
        ).toBe(0);
      } finally {
        await blocks.clear();
      }
    });

    it('clears the copies and emojis of a server once its media are rejected', async () => {
      remote.files.set('/media/kept.jpg', {
        data: await noiseImage(320, 240),
        contentType: 'image/jpeg',
      });
      remote.files.set('/emoji/kept.png', {
        data: await solidImage(32, 32, 'png'),
        contentType: 'image/png',
      });
      const keeper = remote.actor('keeper');
      const object = note(keeper, {
        content: '<p>:kept:</p>',
        attachment: [
          { type: 'Document', mediaType: 'image/jpeg', url: `${remote.base}/media/kept.jpg` },
        ],
        tag: [{ ...blobcat('kept.png'), id: `${remote.base}/emojis/kept`, name: ':kept:' }],
      });
      await deliver(activity('Create', keeper, object), keeper);
      const status = (await statusByUri(object.id as string))!;
      const before = (await api.http.get(`/api/v1/statuses/${status.id}`).expect(200)).body;
      const local = `${api.config.media.baseUrl}/`;
      expect(before.media_attachments[0].url).toMatch(new RegExp(`^${local}cache/`));
      expect(before.emojis[0].url).toMatch(new RegExp(`^${local}custom_emojis/`));

      const blocks = api.dataSource.getRepository(DomainBlock);
      try {
        await api.app.get(BlockInstanceDomainService).call(null, remote.host, {
          severity: 'noop',
          rejectMedia: true,
          rejectReports: false,
          privateComment: null,
          publicComment: null,
          obfuscate: false,
        });
        const after = (await api.http.get(`/api/v1/statuses/${status.id}`).expect(200)).body;
        expect(after.media_attachments).toEqual([
          expect.objectContaining({
            type: 'unknown',
            url: `${remote.base}/media/kept.jpg`,
            remote_url: `${remote.base}/media/kept.jpg`,
          }),
        ]);
        expect(after.emojis).toEqual([]);
        const storage = api.app.get(MediaStorage);
        for (const url of [before.media_attachments[0].url, before.emojis[0].url]) {
          await expect(storage.read((url as string).slice(local.length))).rejects.toThrow();
        }
      } finally {
        await blocks.clear();
      }
    });
  });
  describe('Move', () => {
    const ALIASES = [
      ...MASTODON_CONTEXT,
      { alsoKnownAs: { '@id': 'as:alsoKnownAs', '@type': '@id' } },
    ];
    const move = (actor: RemoteActor, object: string, target: string) =>
      activity('Move', actor, object, { target });
    const local = async (username: string) =>
      (await createLocalAccount(api.dataSource, { username })).account;
    it('moves local followers, blocks and mutes to the account that names the old one', async () => {
      const old = remote.actor('old');
      const next = remote.actor('next', { '@context': ALIASES, alsoKnownAs: [old.id] });
      // The old account becomes known through an activity of its own.
      await deliver(activity('Create', old, note(old)), old);
      const oldAccount = await accountOf(old);
      const [fan, blocker, muter, wary] = await Promise.all(
        ['fan', 'blocker', 'muter', 'wary'].map(local),
      );
      await insertFollow(api.dataSource, fan, oldAccount);
      await insertBlock(api.dataSource, blocker, oldAccount);
      await insertMute(api.dataSource, muter, oldAccount);
      await insertFollow(api.dataSource, wary, oldAccount);
      // wary blocks the new account already: following it is refused, the old follow stays.
      await deliver(activity('Create', next, note(next)), next);
      const nextAccount = await accountOf(next);
      await insertBlock(api.dataSource, wary, nextAccount);

      await deliver(move(old, old.id, next.id), old);

      expect((await accountOf(old)).movedToAccountId).toBe(nextAccount.id);
      // A remote account is followed by request until it accepts.
      expect(await count(FollowRequest, fan.id, nextAccount.id)).toBe(1);
      expect(await count(Follow, fan.id, oldAccount.id)).toBe(0);
      expect(await count(Block, blocker.id, nextAccount.id)).toBe(1);
      expect(await count(Mute, muter.id, nextAccount.id)).toBe(1);
      expect(await count(Follow, wary.id, oldAccount.id)).toBe(1);
      expect(await count(FollowRequest, wary.id, nextAccount.id)).toBe(0);

      const res = await api.http.get(`/api/v1/accounts/${oldAccount.id}`).expect(200);
      expect(res.body.moved).toMatchObject({ id: nextAccount.id, acct: `next@${remote.host}` });
    });

    it('ignores a Move to an account that does not name the old one, or by someone else', async () => {
      const left = remote.actor('left');
      const stranger = remote.actor('stranger');
      await deliver(activity('Create', left, note(left)), left);
      const leftAccount = await accountOf(left);
      const fan = await local('loyal');
      await insertFollow(api.dataSource, fan, leftAccount);

      await deliver(move(left, left.id, stranger.id), left);
      const impostor = remote.actor('impostor2', { '@context': ALIASES, alsoKnownAs: [left.id] });
      await deliver(move(impostor, left.id, impostor.id), impostor);

      expect((await accountOf(left)).movedToAccountId).toBeNull();
      expect(await count(Follow, fan.id, leftAccount.id)).toBe(1);
    });
  });
  describe('Delete of the actor', () => {
    it('deletes the remote account: statuses, follows both ways, and its later activities', async () => {
      const gone = remote.actor('gone');
      const first = note(gone);
      await deliver(activity('Create', gone, first), gone);
      await deliver(activity('Follow', gone, localActor('alice')), gone);
      const account = await accountOf(gone);
      const fan = (await createLocalAccount(api.dataSource, { username: 'gonefan' })).account;
      await insertFollow(api.dataSource, fan, account);
      const status = (await statusByUri(first.id as string))!;
      expect(await count(Follow, account.id, alice.id)).toBe(1);

      // Someone else cannot delete it.
      const other = remote.actor('other');
      await deliver(activity('Delete', other, gone.id), other);
      expect((await accountOf(gone)).suspendedAt).toBeNull();

      await deliver(activity('Delete', gone, gone.id, { to: [PUBLIC] }), gone);
      // Its server answers 410 for it from now on, as servers do for a deleted actor.
      remote.put(gone.id, 410);

      const removed = await statusByUri(first.id as string);
      expect(removed === null || removed.deletedAt !== null).toBe(true);
      await api.http.get(`/api/v1/statuses/${status.id}`).expect(404);
      expect(await count(Follow, account.id, alice.id)).toBe(0);
      expect(await count(Follow, fan.id, account.id)).toBe(0);
      // Gone for good, as Mastodon deletes a remote account's row (no username is reserved).
      expect(await new AccountRepository(api.dataSource).findByUri(gone.id)).toBeNull();
      await api.http.get(`/api/v1/accounts/${account.id}`).expect(404);

      // What it sends afterwards (its key may still be cached) is dropped.
      const late = note(gone);
      await deliver(activity('Create', gone, late), gone);
      expect(await statusByUri(late.id as string)).toBeNull();
    });
  });
});
