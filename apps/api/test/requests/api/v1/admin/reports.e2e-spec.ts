import { Rule } from '@nestodon/domain';
import { createStatus } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { staff } from '../../../../support/moderation';
import { links, person, Person, scopedAuth } from '../../../../support/relationships';

describe('/api/v1/admin/reports', () => {
  let api: ApiHarness;
  let moderator: Person;
  let reporter: Person;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    moderator = await staff(api, 'Moderator');
    reporter = await person(api.dataSource);
  });
  afterAll(() => api.close());

  const as = (who: Person | string) => (typeof who === 'string' ? who : who.auth);
  const get = (path: string, who: Person | string = moderator) =>
    api.http.get(path).set('Authorization', as(who));
  const post = (path: string, who: Person | string = moderator) =>
    api.http.post(path).set('Authorization', as(who));

  async function fileReport(body: Record<string, unknown> = {}) {
    const target = await person(api.dataSource);
    const res = await api.http
      .post('/api/v1/reports')
      .set('Authorization', reporter.auth)
      .send({ account_id: target.account.id, comment: 'look', ...body })
      .expect(200);
    return { id: res.body.id as string, target };
  }

  it('shows a report as Admin::Report with its deleted statuses and rules', async () => {
    const target = await person(api.dataSource);
    const status = await createStatus(api.dataSource, target.account);
    const gone = await createStatus(api.dataSource, target.account, { deletedAt: new Date() });
    const rule = await api.dataSource.getRepository(Rule).save({ text: 'No spam' });
    const filed = await api.http
      .post('/api/v1/reports')
      .set('Authorization', reporter.auth)
      .send({
        account_id: target.account.id,
        status_ids: [status.id, gone.id],
        rule_ids: [rule.id],
      })
      .expect(200);
    const res = await get(`/api/v1/admin/reports/${filed.body.id}`).expect(200);
    expect(res.body).toEqual({
      id: filed.body.id,
      action_taken: false,
      action_taken_at: null,
      category: 'violation',
      comment: '',
      forwarded: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      account: expect.objectContaining({ id: reporter.account.id, email: reporter.user.email }),
      target_account: expect.objectContaining({ id: target.account.id }),
      assigned_account: null,
      action_taken_by_account: null,
      statuses: [
        expect.objectContaining({ id: status.id }),
        expect.objectContaining({ id: gone.id }),
      ],
      rules: [{ id: rule.id, text: 'No spam', hint: '', translations: {} }],
    });
  });

  it('lists open reports, resolved ones with resolved=true, by account and target', async () => {
    const open = await fileReport();
    const closed = await fileReport();
    await post(`/api/v1/admin/reports/${closed.id}/resolve`).expect(200);
    const ids = async (query: string) =>
      (await get(`/api/v1/admin/reports${query}`).expect(200)).body.map(
        (r: { id: string }) => r.id,
      );
    expect(await ids('')).toContain(open.id);
    expect(await ids('')).not.toContain(closed.id);
    expect(await ids('?resolved=true')).toEqual([closed.id]);
    expect(await ids(`?target_account_id=${open.target.account.id}`)).toEqual([open.id]);
    expect(await ids(`?account_id=${reporter.account.id}&limit=1`)).toHaveLength(1);
    const page = await get(`/api/v1/admin/reports?account_id=${reporter.account.id}&limit=1`);
    expect(links(page.headers.link).next.searchParams.get('account_id')).toBe(reporter.account.id);
    await get('/api/v1/admin/reports?resolved=maybe').expect(200);
    await get('/api/v1/admin/reports?account_id=abc').expect(422);
  });

  it('assigns, unassigns, resolves and reopens', async () => {
    const { id } = await fileReport();
    const assigned = await post(`/api/v1/admin/reports/${id}/assign_to_self`).expect(200);
    expect(assigned.body.assigned_account.id).toBe(moderator.account.id);
    const unassigned = await post(`/api/v1/admin/reports/${id}/unassign`).expect(200);
    expect(unassigned.body.assigned_account).toBeNull();
    const resolved = await post(`/api/v1/admin/reports/${id}/resolve`).expect(200);
    expect(resolved.body).toMatchObject({
      action_taken: true,
      action_taken_by_account: { id: moderator.account.id },
    });
    const reopened = await post(`/api/v1/admin/reports/${id}/reopen`).expect(200);
    expect(reopened.body).toMatchObject({ action_taken: false, action_taken_by_account: null });
  });

  it('changes category and rules with PUT (and PATCH), 422 for bad ones', async () => {
    const { id } = await fileReport();
    const rule = await api.dataSource.getRepository(Rule).save({ text: 'Be kind' });
    const put = await api.http
      .put(`/api/v1/admin/reports/${id}`)
      .set('Authorization', moderator.auth)
      .send({ category: 'violation', rule_ids: [rule.id] })
      .expect(200);
    expect(put.body).toMatchObject({ category: 'violation', rules: [{ id: rule.id }] });
    const patch = await api.http
      .patch(`/api/v1/admin/reports/${id}`)
      .set('Authorization', moderator.auth)
      .send({ category: 'spam' })
      .expect(200);
    expect(patch.body).toMatchObject({ category: 'spam', rules: [] });
    for (const body of [
      { category: 'weird' },
      { category: 'spam', rule_ids: [rule.id] },
      { category: 'violation', rule_ids: ['999999'] },
    ]) {
      await api.http
        .put(`/api/v1/admin/reports/${id}`)
        .set('Authorization', moderator.auth)
        .send(body)
        .expect(422);
    }
  });

  it('is 401 without a token, 403 wrong scope or without manage_reports, 404 unknown', async () => {
    const { id } = await fileReport();
    await api.http.get('/api/v1/admin/reports').expect(401);
    await api.http.post(`/api/v1/admin/reports/${id}/resolve`).expect(401);
    const accountsScope = await scopedAuth(api.dataSource, moderator, 'admin:read:accounts');
    await get('/api/v1/admin/reports', accountsScope).expect(403);
    const readOnly = await scopedAuth(api.dataSource, moderator, 'admin:read:reports');
    await get(`/api/v1/admin/reports/${id}`, readOnly).expect(200);
    await post(`/api/v1/admin/reports/${id}/resolve`, readOnly).expect(403);
    const plain = await staff(api, null);
    await get('/api/v1/admin/reports', plain).expect(403);
    await post(`/api/v1/admin/reports/${id}/assign_to_self`, plain).expect(403);
    await get('/api/v1/admin/reports/999999999').expect(404);
    await post('/api/v1/admin/reports/999999999/reopen').expect(404);
    await get('/api/v1/admin/reports/abc').expect(404);
  });
});
