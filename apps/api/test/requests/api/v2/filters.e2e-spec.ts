import { Channel, StreamMessage, SubscriberService } from '@nestodon/pubsub';
import { expectNotFound, itRequiresScopes } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { actor, authWith, insertStatus, TimelineActor } from '../../../support/timelines';

describe('/api/v2/filters', () => {
  let api: ApiHarness;
  let alice: TimelineActor;
  let bob: TimelineActor;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await actor(api.dataSource);
    bob = await actor(api.dataSource);
  });
  afterAll(() => api.close());

  const create = async (who: TimelineActor, body: Record<string, unknown>) =>
    (await api.http.post('/api/v2/filters').set('Authorization', who.auth).send(body).expect(200))
      .body;

  /** Messages published on the user's channel while `action` runs. */
  async function published(
    who: TimelineActor,
    action: () => Promise<unknown>,
  ): Promise<StreamMessage[]> {
    const messages: StreamMessage[] = [];
    const unsubscribe = await api.app
      .get(SubscriberService)
      .subscribe(Channel.user(who.account.id), (message) => messages.push(message));
    try {
      await action();
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await unsubscribe();
    }
    return messages;
  }

  describe('POST /api/v2/filters', () => {
    it('creates a filter with keywords in one request and publishes filters_changed once', async () => {
      let body: Record<string, unknown> = {};
      const messages = await published(alice, async () => {
        const res = await api.http
          .post('/api/v2/filters')
          .set('Authorization', alice.auth)
          .send({
            title: 'Spoilers',
            context: ['home', 'public'],
            filter_action: 'hide',
            expires_in: 3600,
            keywords_attributes: [{ keyword: 'finale', whole_word: false }, { keyword: 'ending' }],
          })
          .expect(200);
        body = res.body;
      });
      expect(body).toMatchObject({
        title: 'Spoilers',
        context: ['home', 'public'],
        filter_action: 'hide',
        keywords: [
          { keyword: 'finale', whole_word: false },
          { keyword: 'ending', whole_word: true },
        ],
        statuses: [],
      });
      const expiresAt = new Date(body.expires_at as string).getTime();
      expect(Math.abs(expiresAt - (Date.now() + 3600_000))).toBeLessThan(60_000);
      expect(messages.map((m) => m.event)).toEqual(['filters_changed']);
      expect(messages[0].payload).toBeUndefined();
    });

    it('accepts Rails-style form parameters', async () => {
      const res = await api.http
        .post('/api/v2/filters')
        .set('Authorization', alice.auth)
        .type('form')
        .send(
          'title=Form&context[]=notifications&keywords_attributes[0][keyword]=a&keywords_attributes[0][whole_word]=false&keywords_attributes[1][keyword]=b',
        )
        .expect(200);
      expect(res.body).toMatchObject({
        title: 'Form',
        context: ['notifications'],
        filter_action: 'warn',
        expires_at: null,
        keywords: [
          { keyword: 'a', whole_word: false },
          { keyword: 'b', whole_word: true },
        ],
      });
    });

    it('answers 422 for a missing title, bad context, action or expiry, blank keyword', async () => {
      const bad = [
        { context: ['home'] },
        { title: 'x' },
        { title: 'x', context: ['elsewhere'] },
        { title: 'x', context: ['home'], filter_action: 'explode' },
        { title: 'x', context: ['home'], expires_in: 'soon' },
        { title: 'x', context: ['home'], expires_in: -5 },
        {
          title: 'x',
          context: ['home'],
          keywords_attributes: [{ keyword: ' ', whole_word: true }],
        },
        { title: 'x', context: ['home'], keywords_attributes: 'nope' },
      ];
      for (const body of bad) {
        const res = await api.http
          .post('/api/v2/filters')
          .set('Authorization', alice.auth)
          .send(body);
        expect([res.status, body]).toEqual([422, body]);
        expect(res.body.error).toMatch(/^Validation failed/);
      }
    });

    itRequiresScopes(() => api, 'read write:lists', ['POST /api/v2/filters']);
  });

  describe('GET /api/v2/filters and /:id', () => {
    it("shows the caller's filters with keywords and statuses", async () => {
      const carol = await actor(api.dataSource);
      const filter = await create(carol, {
        title: 'Mine',
        context: ['thread'],
        keywords_attributes: [{ keyword: 'k' }],
      });
      await create(bob, { title: 'Bobs', context: ['home'] });
      const list = await api.http
        .get('/api/v2/filters')
        .set('Authorization', carol.auth)
        .expect(200);
      expect(list.body).toEqual([filter]);
      const one = await api.http
        .get(`/api/v2/filters/${filter.id}`)
        .set('Authorization', carol.auth)
        .expect(200);
      expect(one.body).toEqual(filter);
    });

    it("answers 404 for another user's filter or a bad id", async () => {
      const filter = await create(bob, { title: 'Hidden', context: ['home'] });
      await expectNotFound(api, alice.auth, [
        `GET /api/v2/filters/${filter.id}`,
        'GET /api/v2/filters/nope',
      ]);
    });

    itRequiresScopes(() => api, 'write', ['GET /api/v2/filters', 'GET /api/v2/filters/1']);
  });

  describe('PUT /api/v2/filters/:id', () => {
    it('creates, updates and destroys keywords in one request, publishing once', async () => {
      const filter = await create(alice, {
        title: 'Edit me',
        context: ['home'],
        expires_in: 600,
        keywords_attributes: [{ keyword: 'one' }, { keyword: 'two' }],
      });
      const [one, two] = filter.keywords;
      let body: Record<string, unknown> = {};
      const messages = await published(alice, async () => {
        const res = await api.http
          .put(`/api/v2/filters/${filter.id}`)
          .set('Authorization', alice.auth)
          .send({
            title: 'Edited',
            context: ['home', 'notifications'],
            filter_action: 'blur',
            expires_in: '',
            keywords_attributes: [
              { id: one.id, keyword: 'uno', whole_word: false },
              { id: two.id, _destroy: true },
              { keyword: 'three' },
            ],
          })
          .expect(200);
        body = res.body;
      });
      expect(body).toMatchObject({
        id: filter.id,
        title: 'Edited',
        context: ['home', 'notifications'],
        filter_action: 'blur',
        expires_at: null,
        keywords: [
          { id: one.id, keyword: 'uno', whole_word: false },
          { keyword: 'three', whole_word: true },
        ],
      });
      expect(messages).toHaveLength(1);
    });

    it('changes nothing when a keyword id is foreign (404) or a value bad (422)', async () => {
      const filter = await create(alice, {
        title: 'Atomic',
        context: ['home'],
        keywords_attributes: [{ keyword: 'k' }],
      });
      const other = await create(bob, {
        title: 'Other',
        context: ['home'],
        keywords_attributes: [{ keyword: 'b' }],
      });
      await api.http
        .put(`/api/v2/filters/${filter.id}`)
        .set('Authorization', alice.auth)
        .send({
          keywords_attributes: [
            { keyword: 'added' },
            { id: other.keywords[0].id, keyword: 'stolen' },
          ],
        })
        .expect(404);
      await api.http
        .put(`/api/v2/filters/${filter.id}`)
        .set('Authorization', alice.auth)
        .send({ context: [] })
        .expect(422);
      const after = await api.http
        .get(`/api/v2/filters/${filter.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(after.body.keywords.map((k: { keyword: string }) => k.keyword)).toEqual(['k']);
      await api.http
        .put(`/api/v2/filters/${other.id}`)
        .set('Authorization', alice.auth)
        .send({ title: 'x' })
        .expect(404);
      await api.http.put(`/api/v2/filters/${filter.id}`).send({ title: 'x' }).expect(401);
      const readOnly = await authWith(api.dataSource, alice, 'read');
      await api.http
        .put(`/api/v2/filters/${filter.id}`)
        .set('Authorization', readOnly)
        .send({ title: 'x' })
        .expect(403);
    });
  });

  describe('DELETE /api/v2/filters/:id', () => {
    it('deletes the filter with its keywords', async () => {
      const filter = await create(alice, {
        title: 'Bye',
        context: ['home'],
        keywords_attributes: [{ keyword: 'k' }],
      });
      const messages = await published(alice, () =>
        api.http
          .delete(`/api/v2/filters/${filter.id}`)
          .set('Authorization', alice.auth)
          .expect(200)
          .expect({}),
      );
      expect(messages).toHaveLength(1);
      await api.http
        .get(`/api/v2/filters/${filter.id}`)
        .set('Authorization', alice.auth)
        .expect(404);
      await api.http
        .get(`/api/v2/filters/keywords/${filter.keywords[0].id}`)
        .set('Authorization', alice.auth)
        .expect(404);
    });

    it("answers 404 for another user's filter", async () => {
      const filter = await create(bob, { title: 'Not yours', context: ['home'] });
      await expectNotFound(api, alice.auth, [`DELETE /api/v2/filters/${filter.id}`]);
    });

    itRequiresScopes(() => api, 'read', ['DELETE /api/v2/filters/1']);
  });

  describe('keywords', () => {
    it('lists, adds, shows, edits and removes keywords', async () => {
      const filter = await create(alice, { title: 'Words', context: ['home'] });
      const added = await api.http
        .post(`/api/v2/filters/${filter.id}/keywords`)
        .set('Authorization', alice.auth)
        .send({ keyword: 'cat', whole_word: 'false' })
        .expect(200);
      expect(added.body).toEqual({ id: expect.any(String), keyword: 'cat', whole_word: false });
      const list = await api.http
        .get(`/api/v2/filters/${filter.id}/keywords`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(list.body).toEqual([added.body]);
      const shown = await api.http
        .get(`/api/v2/filters/keywords/${added.body.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(shown.body).toEqual(added.body);
      const edited = await api.http
        .put(`/api/v2/filters/keywords/${added.body.id}`)
        .set('Authorization', alice.auth)
        .send({ keyword: 'dog', whole_word: true })
        .expect(200);
      expect(edited.body).toEqual({ id: added.body.id, keyword: 'dog', whole_word: true });
      await api.http
        .delete(`/api/v2/filters/keywords/${added.body.id}`)
        .set('Authorization', alice.auth)
        .expect(200)
        .expect({});
      await api.http
        .get(`/api/v2/filters/keywords/${added.body.id}`)
        .set('Authorization', alice.auth)
        .expect(404);
    });

    it('answers 422 and 404', async () => {
      const filter = await create(alice, {
        title: 'K',
        context: ['home'],
        keywords_attributes: [{ keyword: 'x' }],
      });
      await api.http
        .post(`/api/v2/filters/${filter.id}/keywords`)
        .set('Authorization', alice.auth)
        .send({ keyword: '' })
        .expect(422);
      await api.http
        .put(`/api/v2/filters/keywords/${filter.keywords[0].id}`)
        .set('Authorization', alice.auth)
        .send({ keyword: '' })
        .expect(422);
      await expectNotFound(api, bob.auth, [
        `POST /api/v2/filters/${filter.id}/keywords`,
        `GET /api/v2/filters/keywords/${filter.keywords[0].id}`,
        `DELETE /api/v2/filters/keywords/${filter.keywords[0].id}`,
      ]);
    });

    itRequiresScopes(() => api, 'write', [
      'GET /api/v2/filters/1/keywords',
      'GET /api/v2/filters/keywords/1',
    ]);
    itRequiresScopes(() => api, 'read', [
      'POST /api/v2/filters/1/keywords',
      'PUT /api/v2/filters/keywords/1',
      'DELETE /api/v2/filters/keywords/1',
    ]);
  });

  describe('statuses', () => {
    it('lists, adds, shows and removes filtered statuses', async () => {
      const status = await insertStatus(api.dataSource, bob.account);
      const filter = await create(alice, { title: 'Posts', context: ['home'] });
      const added = await api.http
        .post(`/api/v2/filters/${filter.id}/statuses`)
        .set('Authorization', alice.auth)
        .send({ status_id: status.id })
        .expect(200);
      expect(added.body).toEqual({ id: expect.any(String), status_id: status.id });
      const list = await api.http
        .get(`/api/v2/filters/${filter.id}/statuses`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(list.body).toEqual([added.body]);
      const shown = await api.http
        .get(`/api/v2/filters/statuses/${added.body.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(shown.body).toEqual(added.body);
      const whole = await api.http
        .get(`/api/v2/filters/${filter.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(whole.body.statuses).toEqual([added.body]);
      await api.http
        .delete(`/api/v2/filters/statuses/${added.body.id}`)
        .set('Authorization', alice.auth)
        .expect(200)
        .expect({});
      await api.http
        .get(`/api/v2/filters/statuses/${added.body.id}`)
        .set('Authorization', alice.auth)
        .expect(404);
    });

    it('answers 422 for a missing or duplicate status, and 404', async () => {
      const status = await insertStatus(api.dataSource, bob.account);
      const filter = await create(alice, { title: 'S', context: ['home'] });
      await api.http
        .post(`/api/v2/filters/${filter.id}/statuses`)
        .set('Authorization', alice.auth)
        .send({ status_id: '99999999' })
        .expect(422);
      await api.http
        .post(`/api/v2/filters/${filter.id}/statuses`)
        .set('Authorization', alice.auth)
        .send({})
        .expect(422);
      const added = await api.http
        .post(`/api/v2/filters/${filter.id}/statuses`)
        .set('Authorization', alice.auth)
        .send({ status_id: status.id })
        .expect(200);
      await api.http
        .post(`/api/v2/filters/${filter.id}/statuses`)
        .set('Authorization', alice.auth)
        .send({ status_id: status.id })
        .expect(422);
      await expectNotFound(api, bob.auth, [
        `GET /api/v2/filters/statuses/${added.body.id}`,
        `POST /api/v2/filters/${filter.id}/statuses`,
      ]);
    });

    itRequiresScopes(() => api, 'write', [
      'GET /api/v2/filters/1/statuses',
      'GET /api/v2/filters/statuses/1',
    ]);
    itRequiresScopes(() => api, 'read', [
      'POST /api/v2/filters/1/statuses',
      'DELETE /api/v2/filters/statuses/1',
    ]);
  });
});
