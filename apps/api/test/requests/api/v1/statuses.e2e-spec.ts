import { RedisService } from '@nestodon/platform';
import {
  AccountStat,
  MediaAttachment,
  Status,
  StatusStat,
  StatusVisibility,
  User,
} from '@nestodon/domain';
import {
  createApplication,
  createAccessToken,
  createMediaAttachment,
  createRemoteAccount,
  createStatus,
  insertBlock,
} from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { Actor, createActor, tokenWithScopes } from '../../../support/statuses';

describe('/api/v1/statuses', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  const post = (actor: Actor, body: Record<string, unknown>) =>
    api.http.post('/api/v1/statuses').set('Authorization', actor.auth).send(body);
  const statsOf = async (accountId: string) =>
    api.dataSource.getRepository(AccountStat).findOneBy({ accountId });
  const statusStats = async (statusId: string) =>
    api.dataSource.getRepository(StatusStat).findOneBy({ statusId });

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(() => api.close());

  describe('POST /api/v1/statuses', () => {
    it.each([[[]], [[[[]]]], ['yes'], [5]])(
      'answers a poll that is not an object (%j) with 422',
      async (poll) => {
        const res = await post(alice, { status: 'x', poll }).expect(422);
        expect(res.body.error).toMatch(/poll/i);
      },
    );

    it('posts a status and renders it as Mastodon does', async () => {
      const res = await post(alice, { status: 'Hello <b>world</b>\n\nsecond paragraph' }).expect(
        200,
      );
      expect(res.body).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        visibility: 'public',
        language: 'en',
        sensitive: false,
        spoiler_text: '',
        content: '<p>Hello &lt;b&gt;world&lt;/b&gt;</p><p>second paragraph</p>',
        uri: `https://nestodon.test/users/alice/statuses/${res.body.id}`,
        url: `https://nestodon.test/@alice/${res.body.id}`,
        replies_count: 0,
        reblogs_count: 0,
        favourites_count: 0,
        favourited: false,
        reblogged: false,
        muted: false,
        bookmarked: false,
        pinned: false,
        reblog: null,
        poll: null,
        card: null,
        media_attachments: [],
        application: { name: expect.any(String), website: null },
        account: { id: alice.account.id, username: 'alice' },
      });
      expect(res.body.text).toBeUndefined();
      expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at);
      const stats = await statsOf(alice.account.id);
      expect(stats?.statusesCount).toBeGreaterThanOrEqual(1);
      expect(stats?.lastStatusAt).not.toBeNull();
      const row = await api.dataSource.getRepository(Status).findOneBy({ id: res.body.id });
      expect(row?.text).toBe('Hello <b>world</b>\n\nsecond paragraph');
    });

    it('links mentions (local, and remote accounts it knows), hashtags and URLs', async () => {
      const remote = await createRemoteAccount(api.dataSource, {
        username: 'carol',
        domain: 'remote.example',
      });
      const res = await post(alice, {
        status: '@bob @carol@remote.example @ghost@nowhere.example #Café https://example.com/x',
      }).expect(200);
      expect(res.body.mentions).toEqual([
        {
          id: bob.account.id,
          username: 'bob',
          acct: 'bob',
          url: 'https://nestodon.test/@bob',
        },
        {
          id: remote.id,
          username: 'carol',
          acct: 'carol@remote.example',
          url: 'https://remote.example/@carol',
        },
      ]);
      expect(res.body.tags).toEqual([{ name: 'Café', url: 'https://nestodon.test/tags/cafe' }]);
      expect(res.body.content).toContain('class="u-url mention"');
      expect(res.body.content).toContain('@ghost@nowhere.example');
      expect(res.body.content).toContain('href="https://example.com/x"');
    });

    it('uses the user’s default visibility and language, and locked accounts post privately', async () => {
      const carl = await createActor(api.dataSource, {});
      await api.dataSource
        .getRepository(User)
        .update(
          { id: carl.user.id },
          { settings: { default_privacy: 'unlisted', default_language: 'de' } },
        );
      const res = await post(carl, { status: 'Hallo' }).expect(200);
      expect(res.body).toMatchObject({ visibility: 'unlisted', language: 'de' });
      const explicit = await post(carl, { status: 'Hi', visibility: 'direct', language: 'fr' });
      expect(explicit.body).toMatchObject({ visibility: 'direct', language: 'fr' });
      const locked = await createActor(api.dataSource, { locked: true });
      expect((await post(locked, { status: 'secret' }).expect(200)).body.visibility).toBe(
        'private',
      );
    });

    it('marks a status with a content warning sensitive', async () => {
      const res = await post(alice, { status: 'spoilers', spoiler_text: 'Movie' }).expect(200);
      expect(res.body).toMatchObject({ sensitive: true, spoiler_text: 'Movie' });
    });

    it('counts direct statuses out of statuses_count', async () => {
      const dan = await createActor(api.dataSource, {});
      await post(dan, { status: 'public' }).expect(200);
      await post(dan, { status: '@bob psst', visibility: 'direct' }).expect(200);
      expect((await statsOf(dan.account.id))?.statusesCount).toBe(1);
    });

    it('replies: thread fields, conversation, parent replies_count', async () => {
      const parent = (await post(bob, { status: 'question?' }).expect(200)).body;
      const reply = await post(alice, { status: '@bob answer', in_reply_to_id: parent.id }).expect(
        200,
      );
      expect(reply.body).toMatchObject({
        in_reply_to_id: parent.id,
        in_reply_to_account_id: bob.account.id,
      });
      const [parentRow, replyRow] = await Promise.all([
        api.dataSource.getRepository(Status).findOneBy({ id: parent.id }),
        api.dataSource.getRepository(Status).findOneBy({ id: reply.body.id }),
      ]);
      expect(replyRow?.conversationId).toBe(parentRow?.conversationId);
      expect((await statusStats(parent.id))?.repliesCount).toBe(1);
      // Direct replies do not count.
      await post(alice, { status: '@bob dm', in_reply_to_id: parent.id, visibility: 'direct' });
      expect((await statusStats(parent.id))?.repliesCount).toBe(1);
      const shown = await api.http.get(`/api/v1/statuses/${parent.id}`).expect(200);
      expect(shown.body.replies_count).toBe(1);
    });

    it('refuses replies to statuses the poster cannot see, with Mastodon’s message', async () => {
      const hidden = await createStatus(api.dataSource, bob.account, {
        visibility: StatusVisibility.Private,
      });
      for (const id of [hidden.id, '123', 'nope']) {
        const res = await post(alice, { status: 'hi', in_reply_to_id: id }).expect(404);
        expect(res.body).toEqual({
          error: 'The post you are trying to reply to does not appear to exist.',
        });
      }
      const blocker = await createActor(api.dataSource, {});
      const theirs = await createStatus(api.dataSource, blocker.account);
      await insertBlock(api.dataSource, blocker.account, alice.account);
      await post(alice, { status: 'hi', in_reply_to_id: theirs.id }).expect(404);
    });

    it('counts length as Mastodon: URLs as 23, remote mentions as @username, with the CW', async () => {
      await post(alice, { status: 'a'.repeat(500) }).expect(200);
      const tooLong = await post(alice, { status: 'a'.repeat(500 + 1) }).expect(422);
      expect(tooLong.body.error).toBe('Validation failed: Text character limit of 500 exceeded');
      const url = `https://example.com/${'p'.repeat(200)}`;
      await post(alice, { status: `${'a'.repeat(476)} ${url}` }).expect(200);
      await post(alice, { status: `${'a'.repeat(477)} ${url}` }).expect(422);
      const mention = '@someone@a-very-long-domain-name.example.org';
      await post(alice, { status: `${'a'.repeat(491)} ${mention}` }).expect(200);
      await post(alice, { status: 'a'.repeat(490), spoiler_text: 'b'.repeat(11) }).expect(422);
    });

    it('refuses empty statuses without media or poll', async () => {
      for (const body of [{}, { status: '' }, { status: '   ' }, { spoiler_text: 'cw only' }]) {
        const res = await post(alice, body).expect(422);
        expect(res.body.error).toBe("Validation failed: Text can't be blank");
      }
    });

    it('refuses unknown visibilities and malformed parameters with 422', async () => {
      for (const visibility of ['everyone', 'limited']) {
        const res = await post(alice, { status: 'x', visibility }).expect(422);
        expect(res.body.error).toMatch(/Visibility/);
      }
      await post(alice, { status: 'x', scheduled_at: 'tomorrow' }).expect(422);
      await post(alice, { status: 'x', poll: { options: ['a', 'b'], expires_in: 'soon' } }).expect(
        422,
      );
      await post(alice, { status: { nested: true } }).expect(422);
      await post(alice, { status: 'x', media_ids: ['abc'] }).expect(422);
    });

    it('attaches the poster’s own unattached media, in order', async () => {
      const first = await createMediaAttachment(api.dataSource, alice.account, {
        description: 'a cat',
      });
      const second = await createMediaAttachment(api.dataSource, alice.account);
      const res = await post(alice, { media_ids: [second.id, first.id] }).expect(200);
      expect(res.body.content).toBe('');
      expect(res.body.media_attachments.map((m: { id: string }) => m.id)).toEqual([
        second.id,
        first.id,
      ]);
      expect(res.body.media_attachments[1]).toMatchObject({
        type: 'image',
        description: 'a cat',
        url: expect.stringContaining(`/media_attachments/files/`),
        preview_url: expect.stringContaining('/small/'),
        blurhash: expect.any(String),
      });
      // Already attached now.
      const again = await post(alice, { status: 'x', media_ids: [first.id] }).expect(422);
      expect(again.body.error).toBe(
        `Media ${first.id} not found or already attached to another post`,
      );
    });

    it('refuses other people’s media, more than 4 files, media with a poll, and mixed kinds', async () => {
      const bobs = await createMediaAttachment(api.dataSource, bob.account);
      await post(alice, { status: 'x', media_ids: [bobs.id] }).expect(422);
      const five = await Promise.all(
        [1, 2, 3, 4, 5].map(() => createMediaAttachment(api.dataSource, alice.account)),
      );
      const tooMany = await post(alice, { media_ids: five.map((m) => m.id) }).expect(422);
      expect(tooMany.body.error).toBe('Cannot attach more than 4 files');
      await post(alice, {
        status: 'x',
        media_ids: [five[0].id],
        poll: { options: ['a', 'b'], expires_in: 600 },
      }).expect(422);
      const video = await createMediaAttachment(api.dataSource, alice.account, { type: 'video' });
      await post(alice, { media_ids: [five[0].id, video.id] }).expect(422);
      const untouched = await api.dataSource
        .getRepository(MediaAttachment)
        .findOneBy({ id: five[0].id });
      expect(untouched?.statusId).toBeNull();
    });

    it('creates polls within Mastodon’s limits', async () => {
      const res = await post(alice, {
        status: 'Which?',
        poll: { options: ['red', 'blue'], expires_in: 3600, multiple: true, hide_totals: true },
      }).expect(200);
      expect(res.body.poll).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        expired: false,
        multiple: true,
        votes_count: 0,
        voters_count: 0,
        options: [
          { title: 'red', votes_count: null },
          { title: 'blue', votes_count: null },
        ],
        voted: true,
        own_votes: [],
      });
      const expiresIn = (new Date(res.body.poll.expires_at).getTime() - Date.now()) / 1000;
      expect(expiresIn).toBeGreaterThan(3590);
      expect(expiresIn).toBeLessThanOrEqual(3600);
      // Form-encoded, Rails style.
      const form = await api.http
        .post('/api/v1/statuses')
        .set('Authorization', alice.auth)
        .type('form')
        .send('status=form&poll[options][]=a&poll[options][]=b&poll[expires_in]=300')
        .expect(200);
      expect(form.body.poll.options.map((o: { title: string }) => o.title)).toEqual(['a', 'b']);
    });

    it.each([
      [{ options: ['only'], expires_in: 600 }, /more than one item/],
      [{ options: ['a', 'b', 'c', 'd', 'e'], expires_in: 600 }, /more than 4 items/],
      [{ options: ['same', 'same'], expires_in: 600 }, /duplicate/],
      [{ options: ['x'.repeat(51), 'y'], expires_in: 600 }, /longer than 50/],
      [{ options: ['a', 'b'], expires_in: 299 }, /too soon/],
      [{ options: ['a', 'b'], expires_in: 2629747 }, /too far/],
    ])('refuses the poll %j', async (poll, message) => {
      const res = await post(alice, { status: 'poll', poll }).expect(422);
      expect(res.body.error).toMatch(message);
    });

    it('returns the same status for the same Idempotency-Key, even concurrently', async () => {
      const erin = await createActor(api.dataSource, {});
      const send = (key: string) =>
        api.http
          .post('/api/v1/statuses')
          .set('Authorization', erin.auth)
          .set('Idempotency-Key', key)
          .send({ status: 'once' });
      const first = await send('key-1').expect(200);
      const second = await send('key-1').expect(200);
      expect(second.body.id).toBe(first.body.id);
      const concurrent = await Promise.all([1, 2, 3, 4].map(() => send('key-2')));
      expect(new Set(concurrent.map((res) => res.body.id)).size).toBe(1);
      const other = await send('key-3').expect(200);
      expect(other.body.id).not.toBe(first.body.id);
      expect((await statsOf(erin.account.id))?.statusesCount).toBe(3);
      // Keys are per account.
      const theirs = await api.http
        .post('/api/v1/statuses')
        .set('Authorization', alice.auth)
        .set('Idempotency-Key', 'key-1')
        .send({ status: 'once' })
        .expect(200);
      expect(theirs.body.id).not.toBe(first.body.id);
    });

    it('finds a keyed status whose process died before Redis recorded the key', async () => {
      const gus = await createActor(api.dataSource, {});
      const send = () =>
        api.http
          .post('/api/v1/statuses')
          .set('Authorization', gus.auth)
          .set('Idempotency-Key', 'crash-key')
          .send({ status: 'once only' });
      const first = await send().expect(200);
      // What a SIGKILL between the commit and the Redis write leaves: the row, no Redis record.
      const redis = api.app.get(RedisService);
      expect(await redis.deleteMatching(`idempotency:statuses:${gus.account.id}:*`)).toBe(1);
      const retried = await send().expect(200);
      expect(retried.body.id).toBe(first.body.id);
      expect((await statsOf(gus.account.id))?.statusesCount).toBe(1);
    });

    it('is rate limited per account as Mastodon (300 per 3 hours)', async () => {
      const fay = await createActor(api.dataSource, {});
      const period = 3 * 3600 * 1000;
      const window = Math.floor(Date.now() / period) * period;
      const redis = api.app.get(RedisService).client;
      await redis.set(`ratelimit:statuses:account:${fay.account.id}:${window}`, '299');
      const last = await post(fay, { status: 'last one' }).expect(200);
      expect(last.headers['x-ratelimit-remaining']).toBe('0');
      const res = await post(fay, { status: 'one too many' }).expect(429);
      expect(res.body).toEqual({ error: 'Too many requests' });
    });

    it('needs a user token with write:statuses', async () => {
      await api.http.post('/api/v1/statuses').send({ status: 'x' }).expect(401);
      await api.http
        .post('/api/v1/statuses')
        .set('Authorization', 'Bearer nope')
        .send({ status: 'x' })
        .expect(401);
      const readOnly = await tokenWithScopes(api.dataSource, alice, 'read');
      const forbidden = await api.http
        .post('/api/v1/statuses')
        .set('Authorization', readOnly)
        .send({ status: 'x' })
        .expect(403);
      expect(forbidden.body).toEqual({ error: 'This action is outside the authorized scopes' });
      const granular = await tokenWithScopes(api.dataSource, alice, 'write:statuses');
      await api.http
        .post('/api/v1/statuses')
        .set('Authorization', granular)
        .send({ status: 'granular' })
        .expect(200);
      const { application } = await createApplication(api.dataSource);
      const appToken = await createAccessToken(api.dataSource, { application, scopes: 'write' });
      await api.http
        .post('/api/v1/statuses')
        .set('Authorization', `Bearer ${appToken}`)
        .send({ status: 'x' })
        .expect(422);
    });
  });

  describe('GET /api/v1/statuses/:id', () => {
    it('shows public statuses without a token, without viewer flags', async () => {
      const status = await createStatus(api.dataSource, alice.account, { text: 'hi' });
      const res = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
      expect(res.body.id).toBe(status.id);
      for (const flag of ['favourited', 'reblogged', 'muted', 'bookmarked', 'pinned', 'filtered']) {
        expect(res.body).not.toHaveProperty(flag);
      }
    });

    it('answers 404 for missing, malformed, deleted and hidden statuses', async () => {
      const deleted = await createStatus(api.dataSource, alice.account, { deletedAt: new Date() });
      const hidden = await createStatus(api.dataSource, alice.account, {
        visibility: StatusVisibility.Private,
      });
      for (const id of ['1', 'abc', '-1', '99999999999999999999', deleted.id, hidden.id]) {
        const res = await api.http.get(`/api/v1/statuses/${id}`).expect(404);
        expect(res.body).toEqual({ error: 'Record not found' });
      }
      await api.http
        .get(`/api/v1/statuses/${hidden.id}`)
        .set('Authorization', bob.auth)
        .expect(404);
      await api.http
        .get(`/api/v1/statuses/${hidden.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
    });

    it('checks a token when one is sent (401 invalid, 403 without read:statuses)', async () => {
      const status = await createStatus(api.dataSource, alice.account);
      await api.http
        .get(`/api/v1/statuses/${status.id}`)
        .set('Authorization', 'Bearer invalid')
        .expect(401);
      const writeOnly = await tokenWithScopes(api.dataSource, alice, 'write');
      await api.http
        .get(`/api/v1/statuses/${status.id}`)
        .set('Authorization', writeOnly)
        .expect(403);
    });
  });

  describe('GET /api/v1/statuses?id[]=', () => {
    it('returns the visible ones in the order asked, skipping hidden and unknown ids', async () => {
      const a = await createStatus(api.dataSource, alice.account);
      const b = await createStatus(api.dataSource, bob.account);
      const hidden = await createStatus(api.dataSource, bob.account, {
        visibility: StatusVisibility.Direct,
      });
      const res = await api.http
        .get(`/api/v1/statuses?id[]=${b.id}&id[]=${hidden.id}&id[]=42&id[]=x&id[]=${a.id}`)
        .expect(200);
      expect(res.body.map((s: { id: string }) => s.id)).toEqual([b.id, a.id]);
      const mine = await api.http
        .get(`/api/v1/statuses?id[]=${hidden.id}`)
        .set('Authorization', bob.auth)
        .expect(200);
      expect(mine.body.map((s: { id: string }) => s.id)).toEqual([hidden.id]);
      expect((await api.http.get('/api/v1/statuses').expect(200)).body).toEqual([]);
    });

    it('refuses more than 20 ids, and tokens without read:statuses', async () => {
      const ids = Array.from({ length: 21 }, (_, i) => `id[]=${i + 1}`).join('&');
      await api.http.get(`/api/v1/statuses?${ids}`).expect(422);
      const writeOnly = await tokenWithScopes(api.dataSource, alice, 'write');
      await api.http.get('/api/v1/statuses?id[]=1').set('Authorization', writeOnly).expect(403);
    });
  });

  describe('PUT /api/v1/statuses/:id', () => {
    it('edits text, warning, sensitivity and language, keeping every version', async () => {
      const created = (await post(alice, { status: 'first #draft', language: 'en' })).body;
      const res = await api.http
        .put(`/api/v1/statuses/${created.id}`)
        .set('Authorization', alice.auth)
        .send({ status: 'second @bob', spoiler_text: 'cw', language: 'de' })
        .expect(200);
      expect(res.body).toMatchObject({
        id: created.id,
        spoiler_text: 'cw',
        sensitive: true,
        language: 'de',
        tags: [],
        mentions: [{ id: bob.account.id }],
      });
      expect(res.body.edited_at).not.toBeNull();
      expect(res.body.content).toContain('second');
      const history = await api.http.get(`/api/v1/statuses/${created.id}/history`).expect(200);
      expect(history.body).toHaveLength(2);
      expect(history.body[0].content).toContain('first');
      expect(history.body[0].created_at).toBe(created.created_at);
      expect(history.body[1]).toMatchObject({ spoiler_text: 'cw', sensitive: true });
    });

    it('changes nothing when nothing changed', async () => {
      const created = (await post(alice, { status: 'same' })).body;
      const res = await api.http
        .put(`/api/v1/statuses/${created.id}`)
        .set('Authorization', alice.auth)
        .send({ status: 'same' })
        .expect(200);
      expect(res.body.edited_at).toBeNull();
    });

    it('replaces media and polls; a changed poll loses its votes', async () => {
      const media = await createMediaAttachment(api.dataSource, alice.account);
      const created = (
        await post(alice, {
          status: 'vote',
          poll: { options: ['a', 'b'], expires_in: 600 },
        }).expect(200)
      ).body;
      await api.http
        .post(`/api/v1/polls/${created.poll.id}/votes`)
        .set('Authorization', bob.auth)
        .send({ choices: [0] })
        .expect(200);
      const sameOptions = await api.http
        .put(`/api/v1/statuses/${created.id}`)
        .set('Authorization', alice.auth)
        .send({ status: 'vote!', poll: { options: ['a', 'b'], expires_in: 900 } })
        .expect(200);
      expect(sameOptions.body.poll.votes_count).toBe(1);
      const changed = await api.http
        .put(`/api/v1/statuses/${created.id}`)
        .set('Authorization', alice.auth)
        .send({ status: 'vote!', poll: { options: ['a', 'c'], expires_in: 900 } })
        .expect(200);
      expect(changed.body.poll).toMatchObject({ votes_count: 0, voters_count: 0 });
      const withMedia = await api.http
        .put(`/api/v1/statuses/${created.id}`)
        .set('Authorization', alice.auth)
        .send({
          status: 'now a picture',
          media_ids: [media.id],
          media_attributes: [{ id: media.id, description: 'described' }],
        })
        .expect(200);
      expect(withMedia.body.poll).toBeNull();
      expect(withMedia.body.media_attachments).toMatchObject([
        { id: media.id, description: 'described' },
      ]);
    });

    it('lets only the author edit (404 for others), validates, and checks scopes', async () => {
      const created = (await post(alice, { status: 'mine' })).body;
      await api.http
        .put(`/api/v1/statuses/${created.id}`)
        .set('Authorization', bob.auth)
        .send({ status: 'hijack' })
        .expect(404);
      await api.http
        .put(`/api/v1/statuses/${created.id}`)
        .set('Authorization', alice.auth)
        .send({ status: '' })
        .expect(422);
      await api.http
        .put(`/api/v1/statuses/${created.id}`)
        .set('Authorization', alice.auth)
        .send({ status: 'x'.repeat(500 + 1) })
        .expect(422);
      await api.http.put(`/api/v1/statuses/${created.id}`).send({ status: 'x' }).expect(401);
      const readOnly = await tokenWithScopes(api.dataSource, alice, 'read');
      await api.http
        .put(`/api/v1/statuses/${created.id}`)
        .set('Authorization', readOnly)
        .send({ status: 'x' })
        .expect(403);
      await api.http
        .put('/api/v1/statuses/nope')
        .set('Authorization', alice.auth)
        .send({ status: 'x' })
        .expect(404);
    });
  });

  describe('DELETE /api/v1/statuses/:id', () => {
    it('answers with the source for redraft and removes the status everywhere', async () => {
      const gus = await createActor(api.dataSource, {});
      const parent = (await post(bob, { status: 'parent' })).body;
      const media = await createMediaAttachment(api.dataSource, gus.account);
      const created = (
        await post(gus, {
          status: 'to be *redrafted*',
          spoiler_text: 'cw',
          in_reply_to_id: parent.id,
          media_ids: [media.id],
        }).expect(200)
      ).body;
      const reblog = await api.http
        .post(`/api/v1/statuses/${created.id}/reblog`)
        .set('Authorization', bob.auth)
        .expect(200);
      expect((await statusStats(parent.id))?.repliesCount).toBe(1);
      const bobBefore = (await statsOf(bob.account.id))!.statusesCount;

      const res = await api.http
        .delete(`/api/v1/statuses/${created.id}`)
        .set('Authorization', gus.auth)
        .expect(200);
      expect(res.body).toMatchObject({
        id: created.id,
        text: 'to be *redrafted*',
        spoiler_text: 'cw',
        media_attachments: [{ id: media.id }],
      });
      await api.http.get(`/api/v1/statuses/${created.id}`).expect(404);
      await api.http.get(`/api/v1/statuses/${reblog.body.id}`).expect(404);
      expect((await statusStats(parent.id))?.repliesCount).toBe(0);
      expect((await statsOf(gus.account.id))?.statusesCount).toBe(0);
      expect((await statsOf(bob.account.id))?.statusesCount).toBe(bobBefore - 1);
      const row = await api.dataSource.getRepository(Status).findOneBy({ id: created.id });
      expect(row?.deletedAt).not.toBeNull();
      // The media can be used again by the redraft.
      await post(gus, { status: 'redraft', media_ids: [media.id] }).expect(200);
      // Deleting again is a 404.
      await api.http
        .delete(`/api/v1/statuses/${created.id}`)
        .set('Authorization', gus.auth)
        .expect(404);
    });

    it('keeps media attached with delete_media, and returns the poll', async () => {
      const media = await createMediaAttachment(api.dataSource, alice.account);
      const withMedia = (await post(alice, { status: 'm', media_ids: [media.id] })).body;
      await api.http
        .delete(`/api/v1/statuses/${withMedia.id}?delete_media=true`)
        .set('Authorization', alice.auth)
        .expect(200);
      await post(alice, { status: 'reuse', media_ids: [media.id] }).expect(422);
      const withPoll = (
        await post(alice, { status: 'p', poll: { options: ['a', 'b'], expires_in: 600 } })
      ).body;
      const res = await api.http
        .delete(`/api/v1/statuses/${withPoll.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(res.body.poll.options.map((o: { title: string }) => o.title)).toEqual(['a', 'b']);
    });

    it('deletes only one’s own statuses and checks the token', async () => {
      const created = (await post(alice, { status: 'keep' })).body;
      await api.http
        .delete(`/api/v1/statuses/${created.id}`)
        .set('Authorization', bob.auth)
        .expect(404);
      await api.http.delete(`/api/v1/statuses/${created.id}`).expect(401);
      const readOnly = await tokenWithScopes(api.dataSource, alice, 'read');
      await api.http
        .delete(`/api/v1/statuses/${created.id}`)
        .set('Authorization', readOnly)
        .expect(403);
      await api.http.delete('/api/v1/statuses/x').set('Authorization', alice.auth).expect(404);
      await api.http.get(`/api/v1/statuses/${created.id}`).expect(200);
    });
  });
});

describe('MAX_STATUS_CHARS', () => {
  let api: ApiHarness;
  afterAll(() => api.close());

  it('sets the limit and publishes it in instance configuration', async () => {
    api = await startApi({ env: { MAX_STATUS_CHARS: '20' } });
    const actor = await createActor(api.dataSource, {});
    const post = (status: string) =>
      api.http.post('/api/v1/statuses').set('Authorization', actor.auth).send({ status });
    await post('a'.repeat(20)).expect(200);
    const res = await post('a'.repeat(21)).expect(422);
    expect(res.body.error).toBe('Validation failed: Text character limit of 20 exceeded');
    const instance = await api.http.get('/api/v2/instance').expect(200);
    expect(instance.body.configuration.statuses.max_characters).toBe(20);
  });
});
