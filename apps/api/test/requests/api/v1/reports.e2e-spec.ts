import { AssignRoleService, REPORT_RATE_LIMIT } from '@nestodon/core';
import { RateLimiter } from '@nestodon/platform';
import { Report, Rule, StatusVisibility } from '@nestodon/domain';
import { createRemoteAccount, createStatus } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { person, Person, scopedAuth } from '../../../support/relationships';

describe('POST /api/v1/reports', () => {
  let api: ApiHarness;
  let alice: Person;
  let bob: Person;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await person(api.dataSource);
    bob = await person(api.dataSource);
  });
  afterAll(() => api.close());

  const report = (who: Person, body: Record<string, unknown>) =>
    api.http.post('/api/v1/reports').set('Authorization', who.auth).send(body);

  it('files a report with statuses (deleted ones too) and answers the Report entity', async () => {
    const one = await createStatus(api.dataSource, bob.account);
    const gone = await createStatus(api.dataSource, bob.account, { deletedAt: new Date() });
    const res = await report(alice, {
      account_id: bob.account.id,
      status_ids: [one.id, gone.id],
      comment: 'spam everywhere',
      category: 'spam',
    }).expect(200);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      action_taken: false,
      action_taken_at: null,
      category: 'spam',
      comment: 'spam everywhere',
      forwarded: false,
      created_at: expect.any(String),
      status_ids: [one.id, gone.id],
      collection_ids: [],
      rule_ids: [],
      target_account: expect.objectContaining({ id: bob.account.id }),
    });
  });

  it('takes form bodies with status_ids[] and defaults the category to other', async () => {
    const one = await createStatus(api.dataSource, bob.account);
    const res = await api.http
      .post('/api/v1/reports')
      .set('Authorization', alice.auth)
      .type('form')
      .send(`account_id=${bob.account.id}&status_ids[]=${one.id}&forward=false`)
      .expect(200);
    expect(res.body).toMatchObject({ category: 'other', status_ids: [one.id], comment: '' });
  });

  it('makes reports naming rules violations and checks the rules exist', async () => {
    const rule = await api.dataSource.getRepository(Rule).save({ text: 'Be nice' });
    const res = await report(alice, {
      account_id: bob.account.id,
      category: 'other',
      rule_ids: [rule.id],
    }).expect(200);
    expect(res.body).toMatchObject({ category: 'violation', rule_ids: [rule.id] });
    await report(alice, { account_id: bob.account.id, rule_ids: ['999999'] }).expect(422);
  });

  it('stores forwarding for remote targets only, with the domains asked for', async () => {
    const remote = await createRemoteAccount(api.dataSource, { domain: 'remote.example' });
    const res = await report(alice, { account_id: remote.id, forward: true }).expect(200);
    expect(res.body.forwarded).toBe(true);
    const other = await report(alice, {
      account_id: remote.id,
      forward: true,
      forward_to_domains: ['Other.Example'],
    }).expect(200);
    expect(other.body.forwarded).toBe(false);
    const stored = await api.dataSource
      .getRepository(Report)
      .findOneByOrFail({ id: other.body.id });
    expect(stored.forwardToDomains).toEqual(['other.example']);
    const local = await report(alice, { account_id: bob.account.id, forward: true }).expect(200);
    expect(local.body.forwarded).toBe(false);
  });

  it('notifies staff who may manage reports with admin.report, once per open target', async () => {
    const moderator = await person(api.dataSource);
    await api.app.get(AssignRoleService).call(moderator.user.id, 'Moderator');
    const carol = await person(api.dataSource);
    const filed = await report(alice, { account_id: carol.account.id }).expect(200);
    await report(bob, { account_id: carol.account.id }).expect(200);
    const res = await api.http
      .get('/api/v1/notifications?types[]=admin.report')
      .set('Authorization', moderator.auth)
      .expect(200);
    expect(res.body).toHaveLength(1);
    expect(res.body[0]).toMatchObject({
      type: 'admin.report',
      account: { id: alice.account.id },
      report: { id: filed.body.id, target_account: { id: carol.account.id } },
    });
    const plain = await api.http
      .get('/api/v1/notifications?types[]=admin.report')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(plain.body).toEqual([]);
  });

  it('limits each account to 400 reports a day, as Mastodon, with 429', async () => {
    const eve = await person(api.dataSource);
    const target = await person(api.dataSource);
    const limiter = api.app.get(RateLimiter);
    await Promise.all(
      Array.from({ length: REPORT_RATE_LIMIT.limit }, () =>
        limiter.hit(REPORT_RATE_LIMIT, `account:${eve.account.id}`),
      ),
    );
    const limited = await report(eve, { account_id: target.account.id }).expect(429);
    expect(limited.body).toEqual({ error: 'Too many requests' });
    expect(await api.dataSource.getRepository(Report).countBy({ accountId: eve.account.id })).toBe(
      0,
    );
    await report(bob, { account_id: target.account.id }).expect(200);
  });

  it('is 401 without a token and 403 without write:reports', async () => {
    await api.http.post('/api/v1/reports').send({ account_id: bob.account.id }).expect(401);
    const readOnly = await scopedAuth(api.dataSource, alice, 'read write:statuses');
    await api.http
      .post('/api/v1/reports')
      .set('Authorization', readOnly)
      .send({ account_id: bob.account.id })
      .expect(403);
  });

  it('is 404 for unknown or suspended targets and statuses not theirs or not visible', async () => {
    await report(alice, { account_id: '999999999' }).expect(404);
    await report(alice, {}).expect(404);
    const suspended = await person(api.dataSource, { suspendedAt: new Date() });
    await report(alice, { account_id: suspended.account.id }).expect(404);
    const aliceStatus = await createStatus(api.dataSource, alice.account);
    await report(alice, { account_id: bob.account.id, status_ids: [aliceStatus.id] }).expect(404);
    const hidden = await createStatus(api.dataSource, bob.account, {
      visibility: StatusVisibility.Private,
    });
    await report(alice, { account_id: bob.account.id, status_ids: [hidden.id] }).expect(404);
    await report(alice, { account_id: bob.account.id, status_ids: ['abc'] }).expect(404);
  });

  it('is 422 for an unknown category or a comment over 1000 characters', async () => {
    await report(alice, { account_id: bob.account.id, category: 'rude' }).expect(422);
    await report(alice, { account_id: bob.account.id, comment: 'x'.repeat(1001) }).expect(422);
  });
});
