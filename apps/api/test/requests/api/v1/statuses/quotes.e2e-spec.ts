import { StatusStat } from '@nestodon/domain';
import { createRemoteAccount, createStatus, insertBlock, insertFollow } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor, postStatus, tokenWithScopes } from '../../../../support/statuses';

describe('quote posts (Mastodon 4.5, issue 15)', () => {
  let api: ApiHarness;
  let alice: Actor;
  let bob: Actor;
  let carol: Actor;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await createActor(api.dataSource, { username: 'alice' });
    bob = await createActor(api.dataSource, { username: 'bob' });
    carol = await createActor(api.dataSource, { username: 'carol' });
  });
  afterAll(() => api.close());

  const post = (actor: Actor, body: Record<string, unknown>) =>
    api.http.post('/api/v1/statuses').set('Authorization', actor.auth).send(body);
  const show = (actor: Actor | null, id: string) => {
    const request = api.http.get(`/api/v1/statuses/${id}`);
    return actor ? request.set('Authorization', actor.auth) : request;
  };
  const quotesCount = async (id: string) =>
    (await api.dataSource.getRepository(StatusStat).findOneBy({ statusId: id }))?.quotesCount ?? 0;
  const notificationsOf = async (actor: Actor, type: string) =>
    (
      await api.http
        .get(`/api/v1/notifications?types[]=${type}`)
        .set('Authorization', actor.auth)
        .expect(200)
    ).body as Array<{ type: string; account: { id: string }; status: { id: string } }>;

  describe('POST /api/v1/statuses with quoted_status_id', () => {
    it('quotes a status: accepted, counted, with the quoted status inside', async () => {
      const original = await postStatus(api.http, bob, { status: 'quote me' });
      expect(original.quote_approval).toEqual({
        automatic: ['public'],
        manual: [],
        current_user: 'automatic',
      });
      const res = await post(alice, { status: 'look at this', quoted_status_id: original.id });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        visibility: 'public',
        quote: {
          state: 'accepted',
          quoted_status: {
            id: original.id,
            account: { id: bob.account.id },
            quote: null,
            quotes_count: 1,
          },
        },
      });
      expect(await quotesCount(original.id)).toBe(1);
      // The quoted author sees the quote, and hears of it.
      const seen = await show(bob, original.id).expect(200);
      expect(seen.body.quotes_count).toBe(1);
      const [notification] = await notificationsOf(bob, 'quote');
      expect(notification).toMatchObject({
        type: 'quote',
        account: { id: alice.account.id },
        status: { id: res.body.id, quote: { state: 'accepted' } },
      });
    });

    it('quotes what a reblog reblogs, and shows a quote of a quote by id only', async () => {
      const original = await postStatus(api.http, bob, { status: 'deep' });
      const reblog = await api.http
        .post(`/api/v1/statuses/${original.id}/reblog`)
        .set('Authorization', carol.auth)
        .expect(200);
      const first = await post(alice, { status: 'first', quoted_status_id: reblog.body.id });
      expect(first.body.quote.quoted_status.id).toBe(original.id);
      const second = await post(carol, { status: 'second', quoted_status_id: first.body.id });
      expect(second.body.quote).toMatchObject({
        state: 'accepted',
        quoted_status: {
          id: first.body.id,
          quote: { state: 'accepted', quoted_status_id: original.id },
        },
      });
      expect(second.body.quote.quoted_status.quote).not.toHaveProperty('quoted_status');
    });

    it('takes quote_approval_policy, else the author’s default', async () => {
      const nobody = await post(bob, { status: 'mine', quote_approval_policy: 'nobody' });
      expect(nobody.body.quote_approval).toEqual({
        automatic: [],
        manual: [],
        current_user: 'automatic',
      });
      const followers = await post(bob, { status: 'f', quote_approval_policy: 'followers' });
      expect(followers.body.quote_approval.automatic).toEqual(['followers']);
      const seenByStranger = await show(carol, followers.body.id).expect(200);
      expect(seenByStranger.body.quote_approval.current_user).toBe('denied');
      const anonymous = await show(null, followers.body.id).expect(200);
      expect(anonymous.body.quote_approval.current_user).toBe('denied');
      const bad = await post(bob, { status: 'x', quote_approval_policy: 'friends' }).expect(422);
      expect(bad.body.error).toMatch(/Quote approval policy/);
    });

    it('answers 404 when the policy denies the quote or the status cannot be seen', async () => {
      const notFound = 'The post you are trying to quote does not appear to exist.';
      const nobody = await postStatus(api.http, bob, {
        status: 'do not quote',
        quote_approval_policy: 'nobody',
      });
      const denied = await post(alice, { status: 'x', quoted_status_id: nobody.id }).expect(404);
      expect(denied.body).toEqual({ error: notFound });
      // The author always may.
      await post(bob, { status: 'myself', quoted_status_id: nobody.id }).expect(200);

      const followersOnly = await postStatus(api.http, bob, {
        status: 'followers quote',
        quote_approval_policy: 'followers',
      });
      await post(carol, { status: 'x', quoted_status_id: followersOnly.id }).expect(404);
      const follower = await createActor(api.dataSource, {});
      await insertFollow(api.dataSource, follower.account, bob.account);
      await post(follower, { status: 'ok', quoted_status_id: followersOnly.id }).expect(200);

      const blocker = await createActor(api.dataSource, {});
      const mine = await postStatus(api.http, blocker, { status: 'not for bob' });
      await insertBlock(api.dataSource, blocker.account, bob.account);
      await post(bob, { status: 'x', quoted_status_id: mine.id }).expect(404);
      await post(alice, { status: 'x', quoted_status_id: '123456' }).expect(404);
      await post(alice, { status: 'x', quoted_status_id: 'nope' }).expect(404);
    });

    it('lets only the author quote a private post, and keeps the quote to followers', async () => {
      const secret = await postStatus(api.http, bob, { status: 'secret', visibility: 'private' });
      expect(secret.quote_approval).toEqual({
        automatic: [],
        manual: [],
        current_user: 'automatic',
      });
      const follower = await createActor(api.dataSource, {});
      await insertFollow(api.dataSource, follower.account, bob.account);
      await post(follower, { status: 'x', quoted_status_id: secret.id }).expect(404);
      const own = await post(bob, {
        status: 'quoting myself',
        quoted_status_id: secret.id,
        visibility: 'public',
      }).expect(200);
      expect(own.body.visibility).toBe('private');
      // Nobody quotes a direct post, not even its author.
      const direct = await postStatus(api.http, bob, {
        status: '@alice psst',
        visibility: 'direct',
      });
      await post(bob, { status: 'x', quoted_status_id: direct.id }).expect(404);
    });

    it('lets a private mention quote only someone it mentions', async () => {
      const original = await postStatus(api.http, bob, { status: 'public words' });
      const refused = await post(alice, {
        status: '@carol look',
        visibility: 'direct',
        quoted_status_id: original.id,
      }).expect(422);
      expect(refused.body.error).toMatch(/^Validation failed: /);
      const mentioned = await post(alice, {
        status: '@bob @carol look',
        visibility: 'direct',
        quoted_status_id: original.id,
      }).expect(200);
      expect(mentioned.body.quote.state).toBe('accepted');
    });

    it('waits for approval of a quote of a remote post', async () => {
      const remote = await createRemoteAccount(api.dataSource, { domain: 'far.example' });
      const status = await createStatus(api.dataSource, remote, {
        quoteApprovalPolicy: 2 << 16,
      });
      const res = await post(alice, { status: 'remote quote', quoted_status_id: status.id });
      expect(res.status).toBe(200);
      expect(res.body.quote).toEqual({ state: 'pending', quoted_status: null });
      expect(await quotesCount(status.id)).toBe(0);
      const [{ activity_uri }] = await api.dataSource.query(
        `SELECT activity_uri FROM quotes WHERE status_id = $1`,
        [res.body.id],
      );
      expect(activity_uri).toMatch(/^https:\/\/nestodon\.test\/users\/alice\/quote_requests\//);
    });

    it('shows a deleted quoted status as deleted, and a deleted quote stops counting', async () => {
      const original = await postStatus(api.http, bob, { status: 'soon gone' });
      const quote = await postStatus(api.http, alice, {
        status: 'quoting',
        quoted_status_id: original.id,
      });
      const other = await postStatus(api.http, carol, {
        status: 'me too',
        quoted_status_id: original.id,
      });
      expect(await quotesCount(original.id)).toBe(2);
      await api.http
        .delete(`/api/v1/statuses/${other.id}`)
        .set('Authorization', carol.auth)
        .expect(200);
      expect(await quotesCount(original.id)).toBe(1);
      await api.http
        .delete(`/api/v1/statuses/${original.id}`)
        .set('Authorization', bob.auth)
        .expect(200);
      const seen = await show(alice, quote.id).expect(200);
      expect(seen.body.quote).toEqual({ state: 'deleted', quoted_status: null });
    });

    it('flags a quoted author the viewer blocks', async () => {
      const original = await postStatus(api.http, bob, { status: 'blocked later' });
      const quote = await postStatus(api.http, alice, {
        status: 'quoting',
        quoted_status_id: original.id,
      });
      const viewer = await createActor(api.dataSource, {});
      await insertBlock(api.dataSource, viewer.account, bob.account);
      const seen = await show(viewer, quote.id).expect(200);
      expect(seen.body.quote).toMatchObject({
        state: 'blocked_account',
        quoted_status: { id: original.id },
      });
    });

    it('tells quoting authors when the quoted status is edited', async () => {
      const original = await postStatus(api.http, bob, { status: 'first version' });
      const quote = await postStatus(api.http, carol, {
        status: 'quoting',
        quoted_status_id: original.id,
      });
      await api.http
        .put(`/api/v1/statuses/${original.id}`)
        .set('Authorization', bob.auth)
        .send({ status: 'second version' })
        .expect(200);
      const updates = await notificationsOf(carol, 'quoted_update');
      expect(updates).toEqual([
        expect.objectContaining({
          type: 'quoted_update',
          account: expect.objectContaining({ id: bob.account.id }),
          status: expect.objectContaining({ id: quote.id }),
        }),
      ]);
    });
  });

  describe('POST /api/v1/statuses with allowed_mentions', () => {
    it('refuses mentions outside the list, naming the accounts', async () => {
      const res = await post(alice, {
        status: '@bob and @carol',
        allowed_mentions: [bob.account.id],
      }).expect(422);
      expect(res.body).toEqual({
        error: 'Post would be sent to unexpected accounts',
        unexpected_accounts: [expect.objectContaining({ id: carol.account.id, acct: 'carol' })],
      });
      await post(alice, {
        status: '@bob and @carol',
        allowed_mentions: [bob.account.id, carol.account.id],
      }).expect(200);
      // An empty list allows no mention; a form sends allowed_mentions[].
      await post(alice, { status: '@bob hi', allowed_mentions: [] }).expect(422);
      await api.http
        .post('/api/v1/statuses')
        .set('Authorization', alice.auth)
        .type('form')
        .send(`status=%40bob+hi&allowed_mentions[]=${bob.account.id}`)
        .expect(200);
      await post(alice, { status: 'nobody mentioned', allowed_mentions: [] }).expect(200);
    });
  });

  describe('GET /api/v1/statuses/:id/quotes', () => {
    it('lists the accepted quotes of one’s own status, newest first, with links', async () => {
      const original = await postStatus(api.http, bob, { status: 'popular' });
      const quotes = [];
      for (const actor of [alice, carol, alice]) {
        quotes.push(
          await postStatus(api.http, actor, { status: 'q', quoted_status_id: original.id }),
        );
      }
      const res = await api.http
        .get(`/api/v1/statuses/${original.id}/quotes?limit=2`)
        .set('Authorization', bob.auth)
        .expect(200);
      expect(res.body.map((status: { id: string }) => status.id)).toEqual([
        quotes[2].id,
        quotes[1].id,
      ]);
      expect(res.headers.link).toMatch(/max_id=\d+.*rel="next"/);
      const next = /<([^>]+)>; rel="next"/.exec(res.headers.link)![1];
      const older = await api.http
        .get(new URL(next).pathname + new URL(next).search)
        .set('Authorization', bob.auth)
        .expect(200);
      expect(older.body.map((status: { id: string }) => status.id)).toEqual([quotes[0].id]);
    });

    it('answers 403 to others, 404 for what they cannot see, 401 and 403 by token', async () => {
      const original = await postStatus(api.http, bob, { status: 'mine' });
      const path = `/api/v1/statuses/${original.id}/quotes`;
      await api.http.get(path).set('Authorization', alice.auth).expect(403);
      const secret = await postStatus(api.http, bob, { status: 's', visibility: 'private' });
      await api.http
        .get(`/api/v1/statuses/${secret.id}/quotes`)
        .set('Authorization', alice.auth)
        .expect(404);
      await api.http.get('/api/v1/statuses/123/quotes').set('Authorization', bob.auth).expect(404);
      await api.http.get(path).expect(401);
      const wrong = await tokenWithScopes(api.dataSource, bob, 'write:statuses');
      await api.http.get(path).set('Authorization', wrong).expect(403);
    });
  });

  describe('POST /api/v1/statuses/:id/quotes/:quoting_status_id/revoke', () => {
    it('lets the quoted author revoke a quote: revoked, no longer counted', async () => {
      const original = await postStatus(api.http, bob, { status: 'revocable' });
      const quote = await postStatus(api.http, alice, {
        status: 'quoting',
        quoted_status_id: original.id,
      });
      const path = `/api/v1/statuses/${original.id}/quotes/${quote.id}/revoke`;
      await api.http.post(path).set('Authorization', alice.auth).expect(403);
      const res = await api.http.post(path).set('Authorization', bob.auth).expect(200);
      expect(res.body).toMatchObject({
        id: quote.id,
        quote: { state: 'revoked', quoted_status: null },
      });
      expect(await quotesCount(original.id)).toBe(0);
      const listed = await api.http
        .get(`/api/v1/statuses/${original.id}/quotes`)
        .set('Authorization', bob.auth)
        .expect(200);
      expect(listed.body).toEqual([]);
      // Again: nothing changes.
      await api.http.post(path).set('Authorization', bob.auth).expect(200);
      expect(await quotesCount(original.id)).toBe(0);
    });

    it('answers 404 for unknown quotes, 401 and 403 by token', async () => {
      const original = await postStatus(api.http, bob, { status: 'x' });
      const unrelated = await postStatus(api.http, alice, { status: 'no quote' });
      await api.http
        .post(`/api/v1/statuses/${original.id}/quotes/${unrelated.id}/revoke`)
        .set('Authorization', bob.auth)
        .expect(404);
      await api.http
        .post(`/api/v1/statuses/${original.id}/quotes/nope/revoke`)
        .set('Authorization', bob.auth)
        .expect(404);
      const path = `/api/v1/statuses/${original.id}/quotes/${unrelated.id}/revoke`;
      await api.http.post(path).expect(401);
      const wrong = await tokenWithScopes(api.dataSource, bob, 'read');
      await api.http.post(path).set('Authorization', wrong).expect(403);
    });
  });

  describe('PUT /api/v1/statuses/:id/interaction_policy', () => {
    it('changes who may quote one’s status, with PUT or PATCH', async () => {
      const status = await postStatus(api.http, bob, { status: 'policy' });
      const path = `/api/v1/statuses/${status.id}/interaction_policy`;
      const res = await api.http
        .put(path)
        .set('Authorization', bob.auth)
        .send({ quote_approval_policy: 'followers' })
        .expect(200);
      expect(res.body).toMatchObject({
        id: status.id,
        quote_approval: { automatic: ['followers'], manual: [], current_user: 'automatic' },
      });
      await post(carol, { status: 'x', quoted_status_id: status.id }).expect(404);
      const patched = await api.http
        .patch(path)
        .set('Authorization', bob.auth)
        .send({ quote_approval_policy: 'public' })
        .expect(200);
      expect(patched.body.quote_approval.automatic).toEqual(['public']);
      await post(carol, { status: 'x', quoted_status_id: status.id }).expect(200);
      // Private statuses stay quotable by their author only.
      const secret = await postStatus(api.http, bob, { status: 's', visibility: 'private' });
      const kept = await api.http
        .put(`/api/v1/statuses/${secret.id}/interaction_policy`)
        .set('Authorization', bob.auth)
        .send({ quote_approval_policy: 'public' })
        .expect(200);
      expect(kept.body.quote_approval.automatic).toEqual([]);
    });

    it('answers 422, 403 for others’ statuses, 404, 401 and 403 by token', async () => {
      const status = await postStatus(api.http, bob, { status: 'x' });
      const path = `/api/v1/statuses/${status.id}/interaction_policy`;
      const bad = await api.http
        .put(path)
        .set('Authorization', bob.auth)
        .send({ quote_approval_policy: 'friends' })
        .expect(422);
      expect(bad.body.error).toMatch(/^Validation failed: Quote approval policy/);
      await api.http
        .put(path)
        .set('Authorization', alice.auth)
        .send({ quote_approval_policy: 'nobody' })
        .expect(403);
      await api.http
        .put('/api/v1/statuses/123/interaction_policy')
        .set('Authorization', bob.auth)
        .send({ quote_approval_policy: 'nobody' })
        .expect(404);
      await api.http.put(path).send({ quote_approval_policy: 'nobody' }).expect(401);
      const wrong = await tokenWithScopes(api.dataSource, bob, 'read write:accounts');
      await api.http
        .put(path)
        .set('Authorization', wrong)
        .send({ quote_approval_policy: 'nobody' })
        .expect(403);
    });
  });
});
