import { StatusVisibility } from '@nestodon/domain';
import { createStatus, insertFollow } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor, postStatus, tokenWithScopes } from '../../../../support/statuses';

describe('GET /api/v1/statuses/:id/history and /source', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
  });
  afterAll(() => api.close());

  describe('history', () => {
    it('lists every version oldest first, the original included', async () => {
      const status = await postStatus(api.http, alice, {
        status: 'v1',
        poll: { options: ['a', 'b'], expires_in: 600 },
      });
      for (const text of ['v2', 'v3']) {
        await api.http
          .put(`/api/v1/statuses/${status.id}`)
          .set('Authorization', alice.auth)
          .send({ status: text, poll: { options: ['a', 'c'], expires_in: 600 } })
          .expect(200);
      }
      const res = await api.http.get(`/api/v1/statuses/${status.id}/history`).expect(200);
      expect(res.body.map((v: { content: string }) => v.content)).toEqual([
        '<p>v1</p>',
        '<p>v2</p>',
        '<p>v3</p>',
      ]);
      expect(res.body[0]).toMatchObject({
        spoiler_text: '',
        sensitive: false,
        account: { id: alice.account.id },
        poll: { options: [{ title: 'a' }, { title: 'b' }] },
        media_attachments: [],
        emojis: [],
      });
      expect(res.body[2].poll.options).toEqual([{ title: 'a' }, { title: 'c' }]);
    });

    it('shows one version for a status never edited', async () => {
      const status = await postStatus(api.http, alice, { status: 'untouched' });
      const res = await api.http.get(`/api/v1/statuses/${status.id}/history`).expect(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({ content: '<p>untouched</p>' });
      expect(res.body[0]).not.toHaveProperty('poll');
    });

    it('answers 404 for hidden statuses and checks a token when sent', async () => {
      const hidden = await createStatus(api.dataSource, alice.account, {
        visibility: StatusVisibility.Private,
      });
      await api.http.get(`/api/v1/statuses/${hidden.id}/history`).expect(404);
      await api.http
        .get(`/api/v1/statuses/${hidden.id}/history`)
        .set('Authorization', bob.auth)
        .expect(404);
      await api.http.get('/api/v1/statuses/nope/history').expect(404);
      await api.http
        .get(`/api/v1/statuses/${hidden.id}/history`)
        .set('Authorization', 'Bearer nope')
        .expect(401);
      const writeOnly = await tokenWithScopes(api.dataSource, alice, 'write');
      await api.http
        .get(`/api/v1/statuses/${hidden.id}/history`)
        .set('Authorization', writeOnly)
        .expect(403);
    });
  });

  describe('source', () => {
    it('returns the raw text and warning to whoever may see the status', async () => {
      const status = await postStatus(api.http, alice, {
        status: 'raw **text** #tag',
        spoiler_text: 'cw',
        visibility: 'private',
      });
      const own = await api.http
        .get(`/api/v1/statuses/${status.id}/source`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(own.body).toEqual({ id: status.id, text: 'raw **text** #tag', spoiler_text: 'cw' });
      await api.http
        .get(`/api/v1/statuses/${status.id}/source`)
        .set('Authorization', bob.auth)
        .expect(404);
      await insertFollow(api.dataSource, bob.account, alice.account);
      await api.http
        .get(`/api/v1/statuses/${status.id}/source`)
        .set('Authorization', bob.auth)
        .expect(200);
    });

    it('needs a user token with read:statuses', async () => {
      const status = await createStatus(api.dataSource, alice.account);
      await api.http.get(`/api/v1/statuses/${status.id}/source`).expect(401);
      const writeOnly = await tokenWithScopes(api.dataSource, alice, 'write');
      await api.http
        .get(`/api/v1/statuses/${status.id}/source`)
        .set('Authorization', writeOnly)
        .expect(403);
      await api.http
        .get('/api/v1/statuses/123/source')
        .set('Authorization', alice.auth)
        .expect(404);
    });
  });
});
