import { Notification } from '@nestodon/domain';
import { FeedManager } from '@nestodon/core';
import { Channel, StreamMessage, SubscriberService } from '@nestodon/pubsub';
import { itRequiresScopes } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { actor, TimelineActor } from '../../../support/timelines';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are checked field by field
type Json = Record<string, any>;

/** Notifications end to end: created by the API's actions through the worker's jobs (inline). */
describe('/api/v1/notifications', () => {
  let api: ApiHarness;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
  });
  afterAll(() => api.close());

  async function user(attributes = {}): Promise<TimelineActor> {
    const who = await actor(api.dataSource, attributes);
    await api.app.get(FeedManager).markReady(who.account.id);
    return who;
  }

  const post = async (who: TimelineActor, body: Record<string, unknown>) =>
    (await api.http.post('/api/v1/statuses').set('Authorization', who.auth).send(body).expect(200))
      .body;

  async function notifications(who: TimelineActor, query = ''): Promise<Json[]> {
    const res = await api.http
      .get(`/api/v1/notifications${query}`)
      .set('Authorization', who.auth)
      .expect(200);
    return res.body;
  }

  const types = async (who: TimelineActor) => (await notifications(who)).map((n) => n.type);

  const setPolicy = (who: TimelineActor, rules: Record<string, string>) =>
    api.http
      .patch('/api/v2/notifications/policy')
      .set('Authorization', who.auth)
      .send(rules)
      .expect(200);

  describe('creation', () => {
    it('follow, with the account and an ungrouped key in v1', async () => {
      const alice = await user();
      const bob = await user();
      await api.http
        .post(`/api/v1/accounts/${alice.account.id}/follow`)
        .set('Authorization', bob.auth)
        .expect(200);
      const [notification] = await notifications(alice);
      expect(notification).toMatchObject({
        type: 'follow',
        account: { id: bob.account.id },
        group_key: expect.stringMatching(/^follow-\d+$/),
      });
      expect(notification.status).toBeUndefined();
      expect(notification.created_at).toMatch(/Z$/);
    });

    it('follow_request for locked accounts; authorising removes it', async () => {
      const alice = await user({ locked: true });
      const bob = await user();
      await api.http
        .post(`/api/v1/accounts/${alice.account.id}/follow`)
        .set('Authorization', bob.auth)
        .expect(200);
      expect(await types(alice)).toEqual(['follow_request']);
      await api.http
        .post(`/api/v1/follow_requests/${bob.account.id}/authorize`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(await types(alice)).toEqual([]);
    });

    it('mention, favourite and reblog, each with the status', async () => {
      const alice = await user();
      const bob = await user();
      const status = await post(alice, { status: 'hello world' });
      await post(bob, { status: `@${alice.account.username} hi` });
      await api.http
        .post(`/api/v1/statuses/${status.id}/favourite`)
        .set('Authorization', bob.auth)
        .expect(200);
      await api.http
        .post(`/api/v1/statuses/${status.id}/reblog`)
        .set('Authorization', bob.auth)
        .expect(200);
      const list = await notifications(alice);
      expect(list.map((n) => n.type)).toEqual(['reblog', 'favourite', 'mention']);
      expect(list[0].status.id).toBe(status.id);
      expect(list[1].status.id).toBe(status.id);
      expect(list[2].status.content).toContain('hi');
    });

    it('unfavouriting and unreblogging take the notification back', async () => {
      const alice = await user();
      const bob = await user();
      const status = await post(alice, { status: 'x' });
      await api.http
        .post(`/api/v1/statuses/${status.id}/favourite`)
        .set('Authorization', bob.auth)
        .expect(200);
      await api.http
        .post(`/api/v1/statuses/${status.id}/reblog`)
        .set('Authorization', bob.auth)
        .expect(200);
      await api.http
        .post(`/api/v1/statuses/${status.id}/unfavourite`)
        .set('Authorization', bob.auth)
        .expect(200);
      await api.http
        .post(`/api/v1/statuses/${status.id}/unreblog`)
        .set('Authorization', bob.auth)
        .expect(200);
      expect(await types(alice)).toEqual([]);
    });

    it('status, for followers who asked to be notified (not for replies to others)', async () => {
      const alice = await user();
      const bob = await user();
      const other = await user();
      await api.http
        .post(`/api/v1/accounts/${bob.account.id}/follow`)
        .set('Authorization', alice.auth)
        .send({ notify: true })
        .expect(200);
      const status = await post(bob, { status: 'new post' });
      await post(bob, {
        status: 'a reply',
        in_reply_to_id: (await post(other, { status: 'q' })).id,
      });
      const list = await notifications(alice);
      expect(list.map((n) => n.type)).toEqual(['status']);
      expect(list[0].status.id).toBe(status.id);
    });

    it('update, for those who reblogged or favourited an edited status', async () => {
      const alice = await user();
      const bob = await user();
      const carol = await user();
      const status = await post(alice, { status: 'first version' });
      await api.http
        .post(`/api/v1/statuses/${status.id}/reblog`)
        .set('Authorization', bob.auth)
        .expect(200);
      await api.http
        .post(`/api/v1/statuses/${status.id}/favourite`)
        .set('Authorization', carol.auth)
        .expect(200);
      await api.http
        .put(`/api/v1/statuses/${status.id}`)
        .set('Authorization', alice.auth)
        .send({ status: 'second version' })
        .expect(200);
      expect(await types(bob)).toEqual(['update']);
      expect(await types(carol)).toEqual(['update']);
      const [update] = await notifications(bob);
      expect(update.status.content).toContain('second version');
      expect(await types(alice)).toEqual(['favourite', 'reblog']);
    });

    it('poll, for the author and the voters when it ends', async () => {
      const alice = await user();
      const bob = await user();
      const status = await post(alice, {
        status: 'vote',
        poll: { options: ['a', 'b'], expires_in: 300 },
      });
      await api.http
        .post(`/api/v1/polls/${status.poll.id}/votes`)
        .set('Authorization', bob.auth)
        .send({ choices: ['0'] })
        .expect(200);
      await api.dataSource.query(
        `UPDATE polls SET expires_at = now() - interval '1 second' WHERE id = $1`,
        [status.poll.id],
      );
      const { JobQueue, JobName } = await import('@nestodon/queue');
      await api.app.get(JobQueue).enqueue(JobName.ExpirePoll, { pollId: status.poll.id });
      expect(await types(alice)).toEqual(['poll']);
      expect(await types(bob)).toEqual(['poll']);
    });

    it('admin.sign_up, for staff who manage users', async () => {
      const admin = await user({});
      await api.dataSource.query(`UPDATE users SET role_id = 3 WHERE id = $1`, [admin.user.id]);
      const plain = await user();
      const app = await api.dataSource.query(
        `INSERT INTO oauth_applications (name, uid, secret_digest, redirect_uri, scopes)
         VALUES ('Signup', 'signup-app', 'x', 'urn:ietf:wg:oauth:2.0:oob', 'read write') RETURNING id`,
      );
      const { createAccessToken } = await import('@nestodon/testing');
      const { OAuthApplication } = await import('@nestodon/domain');
      const application = await api.dataSource
        .getRepository(OAuthApplication)
        .findOneByOrFail({ id: app[0].id });
      const appToken = await createAccessToken(api.dataSource, {
        application,
        scopes: 'read write',
      });
      await api.http
        .post('/api/v1/accounts')
        .set('Authorization', `Bearer ${appToken}`)
        .send({
          username: 'newcomer',
          email: 'newcomer@example.test',
          password: 'a-long-password-1',
          agreement: true,
          locale: 'en',
        })
        .expect(200);
      const list = await notifications(admin);
      expect(list.map((n) => [n.type, n.account.username])).toEqual([
        ['admin.sign_up', 'newcomer'],
      ]);
      expect(await types(plain)).toEqual([]);
    });
  });

  describe('rules', () => {
    it('none from blocked accounts, and a block deletes earlier ones', async () => {
      const alice = await user();
      const bob = await user();
      const status = await post(alice, { status: 'x' });
      await api.http
        .post(`/api/v1/statuses/${status.id}/favourite`)
        .set('Authorization', bob.auth)
        .expect(200);
      await api.http
        .post(`/api/v1/accounts/${bob.account.id}/block`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(await types(alice)).toEqual([]);
    });

    it('none from accounts muted with notifications; muted without them still notify', async () => {
      const alice = await user();
      const loud = await user();
      const quiet = await user();
      await api.http
        .post(`/api/v1/accounts/${loud.account.id}/mute`)
        .set('Authorization', alice.auth)
        .send({ notifications: false })
        .expect(200);
      await api.http
        .post(`/api/v1/accounts/${quiet.account.id}/mute`)
        .set('Authorization', alice.auth)
        .expect(200);
      await post(loud, { status: `@${alice.account.username} from loud` });
      await post(quiet, { status: `@${alice.account.username} from quiet` });
      const list = await notifications(alice);
      expect(list.map((n) => n.account.id)).toEqual([loud.account.id]);
    });

    it('none for muted conversations', async () => {
      const alice = await user();
      const bob = await user();
      const root = await post(alice, { status: 'thread' });
      await api.http
        .post(`/api/v1/statuses/${root.id}/mute`)
        .set('Authorization', alice.auth)
        .expect(200);
      await post(bob, { status: `@${alice.account.username} reply`, in_reply_to_id: root.id });
      await api.http
        .post(`/api/v1/statuses/${root.id}/favourite`)
        .set('Authorization', bob.auth)
        .expect(200);
      expect(await types(alice)).toEqual([]);
    });

    it('none from domain-blocked accounts the user does not follow', async () => {
      const alice = await user();
      const { remote, insertStatus } = await import('../../../support/timelines');
      const far = await remote(api.dataSource, { domain: 'blocked.example' });
      await api.http
        .post('/api/v1/domain_blocks')
        .set('Authorization', alice.auth)
        .send({ domain: 'blocked.example' })
        .expect(200);
      const { NotifyService } = await import('@nestodon/core');
      const status = await insertStatus(api.dataSource, alice.account);
      const result = await api.app.get(NotifyService).call({
        recipientId: alice.account.id,
        type: 'favourite',
        fromAccountId: far.id,
        statusId: status.id,
      });
      expect(result.decision).toBe('drop');
      expect(await types(alice)).toEqual([]);
    });

    it('the policy filters, and accepted requests let them in', async () => {
      const alice = await user();
      const bob = await user();
      await setPolicy(alice, { for_not_following: 'filter' });
      await post(bob, { status: `@${alice.account.username} psst` });
      expect(await types(alice)).toEqual([]);
      const withFiltered = await notifications(alice, '?include_filtered=true');
      expect(withFiltered.map((n) => n.type)).toEqual(['mention']);
      const policy = await api.http
        .get('/api/v2/notifications/policy')
        .set('Authorization', alice.auth)
        .expect(200);
      expect(policy.body).toEqual({
        for_not_following: 'filter',
        for_not_followers: 'accept',
        for_new_accounts: 'accept',
        for_private_mentions: 'filter',
        for_limited_accounts: 'filter',
        summary: { pending_requests_count: 1, pending_notifications_count: 1 },
      });
      const requests = await api.http
        .get('/api/v1/notifications/requests')
        .set('Authorization', alice.auth)
        .expect(200);
      expect(requests.body).toEqual([
        expect.objectContaining({
          account: expect.objectContaining({ id: bob.account.id }),
          notifications_count: '1',
        }),
      ]);
      expect(requests.body[0].last_status.content).toContain('psst');
      const one = await api.http
        .get(`/api/v1/notifications/requests/${requests.body[0].id}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(one.body.id).toBe(requests.body[0].id);

      const merged: StreamMessage[] = [];
      const unsubscribe = await api.app
        .get(SubscriberService)
        .subscribe(Channel.user(alice.account.id), (message) => merged.push(message));
      await api.http
        .post(`/api/v1/notifications/requests/${requests.body[0].id}/accept`)
        .set('Authorization', alice.auth)
        .expect(200)
        .expect({});
      await new Promise((resolve) => setTimeout(resolve, 100));
      await unsubscribe();
      expect(merged.map((m) => m.event)).toContain('notifications_merged');
      expect(await types(alice)).toEqual(['mention']);
      await post(bob, { status: `@${alice.account.username} again` });
      expect(await types(alice)).toEqual(['mention', 'mention']);
      const mergedState = await api.http
        .get('/api/v1/notifications/requests/merged')
        .set('Authorization', alice.auth)
        .expect(200);
      expect(mergedState.body).toEqual({ merged: true });
    });

    it('the policy drops, and dismissing a request deletes its notifications', async () => {
      const alice = await user();
      const bob = await user();
      const carol = await user();
      await setPolicy(alice, { for_not_following: 'drop' });
      await post(bob, { status: `@${alice.account.username} dropped` });
      expect(await notifications(alice, '?include_filtered=true')).toEqual([]);

      await setPolicy(alice, { for_not_following: 'filter' });
      await post(bob, { status: `@${alice.account.username} held` });
      await post(carol, { status: `@${alice.account.username} held too` });
      const requests = (
        await api.http
          .get('/api/v1/notifications/requests')
          .set('Authorization', alice.auth)
          .expect(200)
      ).body;
      expect(requests).toHaveLength(2);
      await api.http
        .post(`/api/v1/notifications/requests/${requests[0].id}/dismiss`)
        .set('Authorization', alice.auth)
        .expect(200);
      await api.http
        .post('/api/v1/notifications/requests/dismiss')
        .set('Authorization', alice.auth)
        .send({ id: [requests[1].id] })
        .expect(200);
      expect(await notifications(alice, '?include_filtered=true')).toEqual([]);
      await api.http
        .get(`/api/v1/notifications/requests/${requests[0].id}`)
        .set('Authorization', alice.auth)
        .expect(404);
    });
  });

  describe('reading', () => {
    let alice: TimelineActor;
    let bob: TimelineActor;
    let carol: TimelineActor;

    beforeAll(async () => {
      alice = await user();
      bob = await user();
      carol = await user();
      const status = await post(alice, { status: 'popular' });
      await api.http
        .post(`/api/v1/accounts/${alice.account.id}/follow`)
        .set('Authorization', bob.auth)
        .expect(200);
      await api.http
        .post(`/api/v1/statuses/${status.id}/favourite`)
        .set('Authorization', bob.auth)
        .expect(200);
      await api.http
        .post(`/api/v1/statuses/${status.id}/favourite`)
        .set('Authorization', carol.auth)
        .expect(200);
      await post(carol, { status: `@${alice.account.username} hey` });
    });

    it('filters by types[], exclude_types[] and account_id, and pages with Link headers', async () => {
      expect((await notifications(alice, '?types[]=favourite')).map((n) => n.type)).toEqual([
        'favourite',
        'favourite',
      ]);
      expect(
        (await notifications(alice, '?exclude_types[]=favourite&exclude_types[]=follow')).map(
          (n) => n.type,
        ),
      ).toEqual(['mention']);
      expect(
        (await notifications(alice, `?account_id=${bob.account.id}`)).map((n) => n.type),
      ).toEqual(['favourite', 'follow']);
      const page = await api.http
        .get('/api/v1/notifications?limit=2')
        .set('Authorization', alice.auth)
        .expect(200);
      expect(page.body).toHaveLength(2);
      expect(page.headers.link).toContain(`max_id=${page.body[1].id}`);
      const next = await notifications(alice, `?limit=2&max_id=${page.body[1].id}`);
      expect(next.map((n) => n.type)).toEqual(['favourite', 'follow']);
      const newer = await notifications(alice, `?min_id=${next[1].id}&limit=1`);
      expect(newer.map((n) => n.id)).toEqual([next[0].id]);
    });

    it('shows one notification; another user’s is not found', async () => {
      const [first] = await notifications(alice);
      const res = await api.http
        .get(`/api/v1/notifications/${first.id}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(res.body).toEqual(first);
      await api.http
        .get(`/api/v1/notifications/${first.id}`)
        .set('Authorization', bob.auth)
        .expect(404);
      await api.http
        .get('/api/v1/notifications/999999999')
        .set('Authorization', alice.auth)
        .expect(404);
      await api.http.get('/api/v1/notifications/abc').set('Authorization', alice.auth).expect(404);
    });

    it('counts unread notifications after the marker', async () => {
      const list = await notifications(alice);
      const count = async () =>
        (
          await api.http
            .get('/api/v1/notifications/unread_count')
            .set('Authorization', alice.auth)
            .expect(200)
        ).body;
      expect(await count()).toEqual({ count: list.length });
      await api.http
        .post('/api/v1/markers')
        .set('Authorization', alice.auth)
        .send({ notifications: { last_read_id: list[1].id } })
        .expect(200);
      expect(await count()).toEqual({ count: 1 });
      const limited = await api.http
        .get('/api/v1/notifications/unread_count?limit=abc')
        .set('Authorization', alice.auth);
      expect(limited.status).toBe(422);
    });

    it('groups favourites and follows in v2', async () => {
      const res = await api.http
        .get('/api/v2/notifications')
        .set('Authorization', alice.auth)
        .expect(200);
      const groups = res.body.notification_groups;
      expect(groups.map((g: { type: string }) => g.type)).toEqual([
        'mention',
        'favourite',
        'follow',
      ]);
      expect(groups[0].group_key).toMatch(/^ungrouped-\d+$/);
      expect(groups[1]).toMatchObject({
        group_key: expect.stringMatching(/^favourite-\d+-\d+$/),
        notifications_count: 2,
        sample_account_ids: [carol.account.id, bob.account.id],
        status_id: expect.any(String),
      });
      expect(res.body.accounts.map((a: { id: string }) => a.id).sort()).toEqual(
        [bob.account.id, carol.account.id].sort(),
      );
      expect(res.body.statuses).toHaveLength(2);
      const ungrouped = await api.http
        .get('/api/v2/notifications?grouped_types[]=follow')
        .set('Authorization', alice.auth)
        .expect(200);
      expect(ungrouped.body.notification_groups.map((g: { type: string }) => g.type)).toEqual([
        'mention',
        'favourite',
        'favourite',
        'follow',
      ]);
      const one = await api.http
        .get(`/api/v2/notifications/${groups[1].group_key}`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(one.body.notification_groups).toEqual([
        expect.objectContaining({ notifications_count: 2 }),
      ]);
      const accounts = await api.http
        .get(`/api/v2/notifications/${groups[1].group_key}/accounts`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(accounts.body.map((a: { id: string }) => a.id)).toEqual([
        carol.account.id,
        bob.account.id,
      ]);
      const count = await api.http
        .get('/api/v2/notifications/unread_count')
        .set('Authorization', alice.auth)
        .expect(200);
      expect(count.body).toEqual({ count: expect.any(Number) });
      await api.http
        .get(`/api/v2/notifications/${groups[1].group_key}`)
        .set('Authorization', bob.auth)
        .expect(404);
      await api.http
        .get('/api/v2/notifications/nonsense')
        .set('Authorization', alice.auth)
        .expect(404);
    });

    it('pages v2 groups with a Link header', async () => {
      const page = await api.http
        .get('/api/v2/notifications?limit=2')
        .set('Authorization', alice.auth)
        .expect(200);
      expect(page.body.notification_groups).toHaveLength(2);
      expect(page.headers.link).toContain('rel="next"');
      const next = /<([^>]+)>; rel="next"/.exec(page.headers.link)![1];
      const url = new URL(next);
      const rest = await api.http
        .get(url.pathname + url.search)
        .set('Authorization', alice.auth)
        .expect(200);
      // As in Mastodon, a group's older members come again on the next page (same group_key).
      expect(rest.body.notification_groups.map((g: { type: string }) => g.type)).toEqual([
        'favourite',
        'follow',
      ]);
      expect(rest.body.notification_groups[0].group_key).toBe(
        page.body.notification_groups[1].group_key,
      );
    });
  });

  describe('dismissing and clearing', () => {
    it('dismisses one, a group, or all', async () => {
      const alice = await user();
      const bob = await user();
      const carol = await user();
      const status = await post(alice, { status: 'x' });
      for (const who of [bob, carol]) {
        await api.http
          .post(`/api/v1/statuses/${status.id}/favourite`)
          .set('Authorization', who.auth)
          .expect(200);
      }
      await post(bob, { status: `@${alice.account.username} one` });
      await post(bob, { status: `@${alice.account.username} two` });
      const [latest] = await notifications(alice);
      await api.http
        .post(`/api/v1/notifications/${latest.id}/dismiss`)
        .set('Authorization', bob.auth)
        .expect(404);
      await api.http
        .post(`/api/v1/notifications/${latest.id}/dismiss`)
        .set('Authorization', alice.auth)
        .expect(200)
        .expect({});
      const groups = (await api.http.get('/api/v2/notifications').set('Authorization', alice.auth))
        .body.notification_groups;
      const favourites = groups.find((g: { type: string }) => g.type === 'favourite');
      await api.http
        .post(`/api/v2/notifications/${favourites.group_key}/dismiss`)
        .set('Authorization', alice.auth)
        .expect(200);
      expect(await types(alice)).toEqual(['mention']);
      await api.http
        .post('/api/v1/notifications/clear')
        .set('Authorization', alice.auth)
        .expect(200)
        .expect({});
      expect(await types(alice)).toEqual([]);
      expect(
        await api.dataSource.getRepository(Notification).countBy({ accountId: alice.account.id }),
      ).toBe(0);
    });
  });

  describe('streaming', () => {
    it('publishes each notification on the notifications channel, rendered', async () => {
      const alice = await user();
      const bob = await user();
      const messages: StreamMessage[] = [];
      const unsubscribe = await api.app
        .get(SubscriberService)
        .subscribe(Channel.userNotifications(alice.account.id), (message) =>
          messages.push(message),
        );
      await api.http
        .post(`/api/v1/accounts/${alice.account.id}/follow`)
        .set('Authorization', bob.auth)
        .expect(200);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await unsubscribe();
      expect(messages).toHaveLength(1);
      expect(messages[0].event).toBe('notification');
      expect(JSON.parse(messages[0].payload!)).toMatchObject({
        type: 'follow',
        account: { id: bob.account.id },
      });
    });
  });

  describe('errors', () => {
    itRequiresScopes(() => api, 'write read:statuses', [
      'GET /api/v1/notifications',
      'GET /api/v1/notifications/unread_count',
      'GET /api/v1/notifications/requests',
      'GET /api/v1/notifications/policy',
      'GET /api/v2/notifications',
      'GET /api/v2/notifications/policy',
      'GET /api/v2/notifications/unread_count',
    ]);
    itRequiresScopes(() => api, 'read', [
      'POST /api/v1/notifications/clear',
      'POST /api/v1/notifications/1/dismiss',
      'PATCH /api/v2/notifications/policy',
      'POST /api/v1/notifications/requests/accept',
    ]);

    it('answers 422 for bad input', async () => {
      const alice = await user();
      await api.http
        .get('/api/v1/notifications?max_id=x')
        .set('Authorization', alice.auth)
        .expect(422);
      await api.http
        .get('/api/v1/notifications?account_id=x')
        .set('Authorization', alice.auth)
        .expect(422);
      await api.http
        .get('/api/v2/notifications?limit=many')
        .set('Authorization', alice.auth)
        .expect(422);
      await api.http
        .patch('/api/v2/notifications/policy')
        .set('Authorization', alice.auth)
        .send({ for_not_following: 'maybe' })
        .expect(422);
      await api.http
        .post('/api/v1/notifications/requests/accept')
        .set('Authorization', alice.auth)
        .send({ id: [{ nested: '1' }] })
        .expect(422);
    });

    it('accepting or dismissing requests without id[] does nothing and answers {}', async () => {
      const alice = await user();
      const bob = await user();
      await setPolicy(alice, { for_not_following: 'filter' });
      await post(bob, { status: `@${alice.account.username} held` });
      for (const action of ['accept', 'dismiss']) {
        await api.http
          .post(`/api/v1/notifications/requests/${action}`)
          .set('Authorization', alice.auth)
          .send({})
          .expect(200)
          .expect({});
        await api.http
          .post(`/api/v1/notifications/requests/${action}`)
          .set('Authorization', alice.auth)
          .type('form')
          .send('id=')
          .expect(200)
          .expect({});
      }
      const requests = await api.http
        .get('/api/v1/notifications/requests')
        .set('Authorization', alice.auth)
        .expect(200);
      expect(requests.body).toHaveLength(1);
      expect(await types(alice)).toEqual([]);
    });

    it('v1 policy reads and writes booleans', async () => {
      const alice = await user();
      const res = await api.http
        .patch('/api/v1/notifications/policy')
        .set('Authorization', alice.auth)
        .send({ filter_not_following: true, filter_private_mentions: false })
        .expect(200);
      expect(res.body).toEqual({
        filter_not_following: true,
        filter_not_followers: false,
        filter_new_accounts: false,
        filter_private_mentions: false,
        summary: { pending_requests_count: 0, pending_notifications_count: 0 },
      });
      const v2 = await api.http
        .get('/api/v2/notifications/policy')
        .set('Authorization', alice.auth)
        .expect(200);
      expect(v2.body.for_not_following).toBe('filter');
      expect(v2.body.for_private_mentions).toBe('accept');
    });

    it('404 for foreign notification requests', async () => {
      const alice = await user();
      await api.http
        .get('/api/v1/notifications/requests/123')
        .set('Authorization', alice.auth)
        .expect(404);
      await api.http
        .post('/api/v1/notifications/requests/123/accept')
        .set('Authorization', alice.auth)
        .expect(404);
      await api.http
        .post('/api/v1/notifications/requests/abc/dismiss')
        .set('Authorization', alice.auth)
        .expect(404);
      await api.http
        .post('/api/v2/notifications/ungrouped-123/dismiss')
        .set('Authorization', alice.auth)
        .expect(404);
      await api.http
        .get('/api/v2/notifications/ungrouped-123/accounts')
        .set('Authorization', alice.auth)
        .expect(404);
    });
  });
});
