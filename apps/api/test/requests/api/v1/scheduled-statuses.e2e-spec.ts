import { MediaAttachment, ScheduledStatus } from '@nestodon/domain';
import { createMediaAttachment, createStatus } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { Actor, createActor, tokenWithScopes } from '../../../support/statuses';

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

describe('scheduled statuses', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  const schedule = (actor: Actor, body: Record<string, unknown>) =>
    api.http.post('/api/v1/statuses').set('Authorization', actor.auth).send(body);

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(() => api.close());

  describe('POST /api/v1/statuses with scheduled_at', () => {
    it('returns a ScheduledStatus and publishes nothing yet', async () => {
      const media = await createMediaAttachment(api.dataSource, alice.account);
      const at = inMinutes(60);
      const res = await schedule(alice, {
        status: 'later',
        scheduled_at: at,
        media_ids: [media.id],
        poll: undefined,
        spoiler_text: 'cw',
      }).expect(200);
      expect(res.body).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        scheduled_at: at,
        params: {
          text: 'later',
          visibility: 'public',
          spoiler_text: 'cw',
          media_ids: [media.id],
          poll: null,
          scheduled_at: null,
          in_reply_to_id: null,
        },
        media_attachments: [{ id: media.id }],
      });
      const statuses = await api.http
        .get(`/api/v1/accounts/${alice.account.id}/statuses`)
        .expect(200);
      expect(statuses.body.map((s: { content: string }) => s.content)).not.toContain(
        '<p>later</p>',
      );
      const row = await api.dataSource.getRepository(MediaAttachment).findOneBy({ id: media.id });
      expect(row).toMatchObject({ statusId: null, scheduledStatusId: res.body.id });
    });

    it('refuses times less than 5 minutes ahead, and bad content, with 422', async () => {
      for (const at of [inMinutes(4), inMinutes(-10), 'soon']) {
        await schedule(alice, { status: 'x', scheduled_at: at }).expect(422);
      }
      await schedule(alice, { status: '', scheduled_at: inMinutes(30) }).expect(422);
      await schedule(alice, { status: 'a'.repeat(500 + 1), scheduled_at: inMinutes(30) }).expect(
        422,
      );
      await schedule(alice, {
        status: 'x',
        scheduled_at: inMinutes(30),
        poll: { options: ['one'], expires_in: 600 },
      }).expect(422);
    });

    it('holds Mastodon’s limits: 25 a day, 300 in all', async () => {
      const carl = await createActor(api.dataSource, {});
      const day = new Date(Date.now() + 3 * 86400_000);
      day.setUTCHours(10, 0, 0, 0);
      const rows = Array.from({ length: 25 }, (_, i) => ({
        accountId: carl.account.id,
        scheduledAt: new Date(day.getTime() + i * 60_000),
        params: { text: `#${i}` } as never,
      }));
      await api.dataSource.getRepository(ScheduledStatus).save(rows);
      const sameDay = new Date(day.getTime() + 3600_000).toISOString();
      const res = await schedule(carl, { status: 'one more', scheduled_at: sameDay }).expect(422);
      expect(res.body.error).toMatch(/limit of 25 scheduled posts for that day/);
      const nextDay = new Date(day.getTime() + 86400_000).toISOString();
      await schedule(carl, { status: 'tomorrow', scheduled_at: nextDay }).expect(200);
      const many = Array.from({ length: 274 }, (_, i) => ({
        accountId: carl.account.id,
        scheduledAt: new Date(day.getTime() + (10 + (i % 200)) * 86400_000),
        params: { text: `#${i}` } as never,
      }));
      await api.dataSource.getRepository(ScheduledStatus).save(many);
      const total = await schedule(carl, {
        status: 'too many',
        scheduled_at: new Date(day.getTime() + 300 * 86400_000).toISOString(),
      }).expect(422);
      expect(total.body.error).toMatch(/limit of 300 scheduled posts/);
    });
  });

  describe('GET /api/v1/scheduled_statuses', () => {
    it('lists one’s own scheduled statuses with pagination', async () => {
      const dora = await createActor(api.dataSource, {});
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        ids.push(
          (await schedule(dora, { status: `s${i}`, scheduled_at: inMinutes(30 + i) }).expect(200))
            .body.id,
        );
      }
      const all = await api.http
        .get('/api/v1/scheduled_statuses')
        .set('Authorization', dora.auth)
        .expect(200);
      expect(all.body.map((s: { id: string }) => s.id)).toEqual([...ids].reverse());
      const page = await api.http
        .get('/api/v1/scheduled_statuses?limit=2')
        .set('Authorization', dora.auth)
        .expect(200);
      expect(page.body).toHaveLength(2);
      expect(page.headers.link).toContain(`max_id=${ids[1]}`);
      const others = await api.http
        .get('/api/v1/scheduled_statuses')
        .set('Authorization', bob.auth)
        .expect(200);
      expect(others.body).toEqual([]);
    });

    it('needs read:statuses', async () => {
      await api.http.get('/api/v1/scheduled_statuses').expect(401);
      const wrong = await tokenWithScopes(api.dataSource, alice, 'write');
      await api.http.get('/api/v1/scheduled_statuses').set('Authorization', wrong).expect(403);
      await api.http
        .get('/api/v1/scheduled_statuses?limit=x')
        .set('Authorization', alice.auth)
        .expect(422);
    });
  });

  describe('GET, PUT, DELETE /api/v1/scheduled_statuses/:id', () => {
    it('shows, moves and cancels one’s own scheduled status', async () => {
      const media = await createMediaAttachment(api.dataSource, alice.account);
      const created = (
        await schedule(alice, {
          status: 'move me',
          scheduled_at: inMinutes(30),
          media_ids: [media.id],
        }).expect(200)
      ).body;
      const shown = await api.http
        .get(`/api/v1/scheduled_statuses/${created.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(shown.body.id).toBe(created.id);
      const at = inMinutes(120);
      const moved = await api.http
        .put(`/api/v1/scheduled_statuses/${created.id}`)
        .set('Authorization', alice.auth)
        .send({ scheduled_at: at })
        .expect(200);
      expect(moved.body.scheduled_at).toBe(at);
      await api.http
        .put(`/api/v1/scheduled_statuses/${created.id}`)
        .set('Authorization', alice.auth)
        .send({ scheduled_at: inMinutes(2) })
        .expect(422);
      const cancelled = await api.http
        .delete(`/api/v1/scheduled_statuses/${created.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(cancelled.body).toEqual({});
      await api.http
        .get(`/api/v1/scheduled_statuses/${created.id}`)
        .set('Authorization', alice.auth)
        .expect(404);
      // The media is free again.
      const row = await api.dataSource.getRepository(MediaAttachment).findOneBy({ id: media.id });
      expect(row?.scheduledStatusId).toBeNull();
    });

    it('answers 404 for other people’s and unknown ids, and checks scopes', async () => {
      const created = (
        await schedule(alice, { status: 'mine', scheduled_at: inMinutes(30) }).expect(200)
      ).body;
      for (const [method, path] of [
        ['get', `/api/v1/scheduled_statuses/${created.id}`],
        ['put', `/api/v1/scheduled_statuses/${created.id}`],
        ['delete', `/api/v1/scheduled_statuses/${created.id}`],
        ['get', '/api/v1/scheduled_statuses/abc'],
      ] as const) {
        await api.http[method](path)
          .set('Authorization', bob.auth)
          .send({ scheduled_at: inMinutes(60) })
          .expect(404);
      }
      await api.http.get(`/api/v1/scheduled_statuses/${created.id}`).expect(401);
      await api.http.delete(`/api/v1/scheduled_statuses/${created.id}`).expect(401);
      const readOnly = await tokenWithScopes(api.dataSource, alice, 'read');
      await api.http
        .put(`/api/v1/scheduled_statuses/${created.id}`)
        .set('Authorization', readOnly)
        .send({ scheduled_at: inMinutes(60) })
        .expect(403);
      await api.http
        .delete(`/api/v1/scheduled_statuses/${created.id}`)
        .set('Authorization', readOnly)
        .expect(403);
      const writeOnly = await tokenWithScopes(api.dataSource, alice, 'write');
      await api.http
        .get(`/api/v1/scheduled_statuses/${created.id}`)
        .set('Authorization', writeOnly)
        .expect(403);
    });

    it('a reply keeps its parent', async () => {
      const parent = await createStatus(api.dataSource, bob.account);
      const res = await schedule(alice, {
        status: 'reply later',
        in_reply_to_id: parent.id,
        scheduled_at: inMinutes(30),
      }).expect(200);
      expect(res.body.params.in_reply_to_id).toBe(parent.id);
    });
  });
});
