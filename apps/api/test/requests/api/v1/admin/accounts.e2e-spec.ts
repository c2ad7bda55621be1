import { Account, AdminActionLog, Report, User } from '@nestodon/domain';
import { createRemoteAccount, createStatus } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { staff } from '../../../../support/moderation';
import { links, person, Person, scopedAuth } from '../../../../support/relationships';

describe('/api/v1/admin/accounts', () => {
  let api: ApiHarness;
  let moderator: Person;
  let admin: Person;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    moderator = await staff(api, 'Moderator');
    admin = await staff(api, 'Admin');
  });
  afterAll(() => api.close());

  const get = (path: string, who: Person | string = moderator) =>
    api.http.get(path).set('Authorization', typeof who === 'string' ? who : who.auth);
  const post = (path: string, body: Record<string, unknown> = {}, who: Person = moderator) =>
    api.http.post(path).set('Authorization', who.auth).send(body);
  const accountRow = (id: string) => api.dataSource.getRepository(Account).findOneByOrFail({ id });

  describe('GET (v1 and v2)', () => {
    it('shows one account as Admin::Account', async () => {
      const bob = await person(api.dataSource, {}, { signUpIp: '10.1.2.3', locale: 'de' });
      const res = await get(`/api/v1/admin/accounts/${bob.account.id}`).expect(200);
      expect(res.body).toEqual({
        id: bob.account.id,
        username: bob.account.username,
        domain: null,
        created_at: expect.any(String),
        email: bob.user.email,
        ip: '10.1.2.3',
        ips: [{ ip: '10.1.2.3', used_at: expect.any(String) }],
        locale: 'de',
        invite_request: null,
        role: expect.objectContaining({ id: '-99', permissions: '65536' }),
        confirmed: true,
        approved: true,
        disabled: false,
        sensitized: false,
        silenced: false,
        suspended: false,
        account: expect.objectContaining({ id: bob.account.id, acct: bob.account.username }),
      });
      const remote = await createRemoteAccount(api.dataSource, { domain: 'far.example' });
      const far = await get(`/api/v1/admin/accounts/${remote.id}`).expect(200);
      expect(far.body).toMatchObject({ domain: 'far.example', email: null, role: null, ips: [] });
    });

    it('lists active local accounts in v1 by default, with flags and Link headers', async () => {
      const remote = await createRemoteAccount(api.dataSource, { domain: 'list.example' });
      const pending = await person(api.dataSource, {}, { approved: false });
      const v1 = await get('/api/v1/admin/accounts?limit=200').expect(200);
      const ids = v1.body.map((a: { id: string }) => a.id);
      expect(ids).toContain(moderator.account.id);
      expect(ids).not.toContain(remote.id);
      const remoteList = await get('/api/v1/admin/accounts?remote=true&by_domain=list.example');
      expect(remoteList.body.map((a: { id: string }) => a.id)).toEqual([remote.id]);
      const pendingList = await get('/api/v1/admin/accounts?pending=true').expect(200);
      expect(pendingList.body.map((a: { id: string }) => a.id)).toEqual([pending.account.id]);
      const staffList = await get('/api/v1/admin/accounts?staff=true').expect(200);
      expect(staffList.body.map((a: { id: string }) => a.id).sort()).toEqual(
        [moderator.account.id, admin.account.id].sort(),
      );
      const page = await get('/api/v1/admin/accounts?limit=1&staff=true').expect(200);
      const next = links(page.headers.link).next;
      expect(next.searchParams.get('staff')).toBe('true');
      expect(next.searchParams.get('max_id')).toBe(page.body[0].id);
    });

    it('filters v2 by origin, status, permissions, role_ids, username, email and ip', async () => {
      const carol = await person(
        api.dataSource,
        { username: 'carolfilter', displayName: 'Carol Filter' },
        { email: 'carol.filter@example.com', signUpIp: '192.168.7.9' },
      );
      const ids = async (query: string) =>
        (await get(`/api/v2/admin/accounts?${query}`).expect(200)).body.map(
          (a: { id: string }) => a.id,
        );
      expect(await ids('username=carolfil')).toEqual([carol.account.id]);
      expect(await ids('display_name=l filt')).toEqual([carol.account.id]);
      expect(await ids('email=carol.filter@')).toEqual([carol.account.id]);
      expect(await ids('ip=192.168.7.0/24')).toEqual([carol.account.id]);
      expect(await ids('origin=local&status=active&username=carolfilter')).toEqual([
        carol.account.id,
      ]);
      expect(await ids('origin=remote&username=carolfilter')).toEqual([]);
      expect(await ids('permissions=staff&username=carolfilter')).toEqual([]);
      expect(await ids('role_ids[]=1')).toEqual([moderator.account.id]);
      await get('/api/v2/admin/accounts?origin=elsewhere').expect(422);
      await get('/api/v2/admin/accounts?status=gone').expect(422);
      await get('/api/v2/admin/accounts?ip=not-an-ip').expect(422);
    });

    it('is 401 without a token, 403 with the wrong scope or without manage_users, 404 unknown', async () => {
      await api.http.get('/api/v1/admin/accounts').expect(401);
      await api.http.get('/api/v2/admin/accounts').expect(401);
      const readOnly = await scopedAuth(api.dataSource, moderator, 'read write');
      await get('/api/v1/admin/accounts', readOnly).expect(403);
      const reportsOnly = await scopedAuth(api.dataSource, moderator, 'admin:read:reports');
      await get(`/api/v1/admin/accounts/${moderator.account.id}`, reportsOnly).expect(403);
      const granular = await scopedAuth(api.dataSource, moderator, 'admin:read:accounts');
      await get(`/api/v1/admin/accounts/${moderator.account.id}`, granular).expect(200);
      const plain = await staff(api, null);
      const refused = await get('/api/v2/admin/accounts', plain).expect(403);
      expect(refused.body).toEqual({ error: 'This action is not allowed' });
      await get('/api/v1/admin/accounts/999999999').expect(404);
      await get('/api/v1/admin/accounts/nope').expect(404);
    });
  });

  describe('POST :id/action', () => {
    it('suspends: the account is refused, its reports resolved, a strike and a log kept', async () => {
      const bob = await person(api.dataSource);
      const reporter = await person(api.dataSource);
      const status = await createStatus(api.dataSource, bob.account);
      const filed = await api.http
        .post('/api/v1/reports')
        .set('Authorization', reporter.auth)
        .send({ account_id: bob.account.id, status_ids: [status.id] })
        .expect(200);
      await post(`/api/v1/admin/accounts/${bob.account.id}/action`, {
        type: 'suspend',
        report_id: filed.body.id,
        text: 'Spam',
      }).expect(200, {});
      expect((await accountRow(bob.account.id)).suspendedAt).not.toBeNull();
      await get('/api/v1/accounts/verify_credentials', bob).expect(403);
      await get(`/api/v1/statuses/${status.id}`, reporter).expect(404);
      const report = await api.dataSource
        .getRepository(Report)
        .findOneByOrFail({ id: filed.body.id });
      expect(report.actionTakenByAccountId).toBe(moderator.account.id);
      const [warning] = await api.dataSource.query(
        `SELECT action, text, status_ids::text[] FROM account_warnings WHERE target_account_id = $1`,
        [bob.account.id],
      );
      expect(warning).toEqual({ action: 'suspend', text: 'Spam', status_ids: [status.id] });
      const logs = await api.dataSource
        .getRepository(AdminActionLog)
        .findBy({ accountId: moderator.account.id, targetId: bob.account.id });
      expect(logs.map((log) => log.action)).toContain('suspend');
      const shown = await get(`/api/v1/admin/accounts/${bob.account.id}`).expect(200);
      expect(shown.body.suspended).toBe(true);
      const unsuspended = await post(`/api/v1/admin/accounts/${bob.account.id}/unsuspend`);
      expect(unsuspended.status).toBe(200);
      expect(unsuspended.body.suspended).toBe(false);
      await get('/api/v1/accounts/verify_credentials', bob).expect(200);
    });

    it('silences, sensitizes and disables, and each is lifted', async () => {
      const bob = await person(api.dataSource);
      for (const type of ['silence', 'sensitive', 'disable']) {
        await post(`/api/v1/admin/accounts/${bob.account.id}/action`, { type }).expect(200);
      }
      const shown = await get(`/api/v1/admin/accounts/${bob.account.id}`).expect(200);
      expect(shown.body).toMatchObject({ silenced: true, sensitized: true, disabled: true });
      await get('/api/v1/accounts/verify_credentials', bob).expect(403);
      for (const path of ['unsilence', 'unsensitive', 'enable']) {
        await post(`/api/v1/admin/accounts/${bob.account.id}/${path}`).expect(200);
      }
      const after = await get(`/api/v1/admin/accounts/${bob.account.id}`).expect(200);
      expect(after.body).toMatchObject({ silenced: false, sensitized: false, disabled: false });
      await get('/api/v1/accounts/verify_credentials', bob).expect(200);
    });

    it('warns with none, resolving only the report given', async () => {
      const bob = await person(api.dataSource);
      const reporter = await person(api.dataSource);
      const fileReport = async () =>
        (
          await api.http
            .post('/api/v1/reports')
            .set('Authorization', reporter.auth)
            .send({ account_id: bob.account.id })
            .expect(200)
        ).body.id as string;
      const first = await fileReport();
      const second = await fileReport();
      await post(`/api/v1/admin/accounts/${bob.account.id}/action`, {
        type: 'none',
        report_id: first,
        text: 'Careful',
      }).expect(200);
      const reports = await api.dataSource
        .getRepository(Report)
        .findBy({ targetAccountId: bob.account.id });
      const open = reports.filter((r) => r.actionTakenAt === null).map((r) => r.id);
      expect(open).toEqual([second]);
    });

    it('refuses acting on an equal or higher role, and a moderator acting on an admin', async () => {
      const peer = await staff(api, 'Moderator');
      await post(`/api/v1/admin/accounts/${peer.account.id}/action`, { type: 'silence' }).expect(
        403,
      );
      await post(`/api/v1/admin/accounts/${admin.account.id}/action`, { type: 'suspend' }).expect(
        403,
      );
      await post(`/api/v1/admin/accounts/${moderator.account.id}/action`, { type: 'none' }).expect(
        403,
      );
      await post(
        `/api/v1/admin/accounts/${peer.account.id}/action`,
        { type: 'silence' },
        admin,
      ).expect(200);
    });

    it('is 401, 403 wrong scope or no permission, 404 unknown account or report, 422 bad type', async () => {
      const bob = await person(api.dataSource);
      const path = `/api/v1/admin/accounts/${bob.account.id}/action`;
      await api.http.post(path).send({ type: 'silence' }).expect(401);
      const readScope = await scopedAuth(api.dataSource, moderator, 'admin:read');
      await api.http
        .post(path)
        .set('Authorization', readScope)
        .send({ type: 'silence' })
        .expect(403);
      const plain = await staff(api, null);
      await post(path, { type: 'silence' }, plain).expect(403);
      await post('/api/v1/admin/accounts/999999999/action', { type: 'silence' }).expect(404);
      await post(path, { type: 'silence', report_id: '999999999' }).expect(404);
      await post(path, { type: 'silence', warning_preset_id: '999999999' }).expect(404);
      await post(path, { type: 'explode' }).expect(422);
      await post(path, {}).expect(422);
    });
  });

  describe('approve, reject, unsuspend and DELETE', () => {
    it('approves and rejects pending sign-ups only', async () => {
      const pending = await person(api.dataSource, {}, { approved: false });
      const approved = await post(`/api/v1/admin/accounts/${pending.account.id}/approve`).expect(
        200,
      );
      expect(approved.body.approved).toBe(true);
      await post(`/api/v1/admin/accounts/${pending.account.id}/approve`).expect(403);
      const other = await person(api.dataSource, {}, { approved: false });
      await post(`/api/v1/admin/accounts/${other.account.id}/reject`).expect(200);
      const user = await api.dataSource
        .getRepository(User)
        .findOneBy({ accountId: other.account.id });
      expect(user).toBeNull();
      const remote = await createRemoteAccount(api.dataSource, { domain: 'approve.example' });
      await post(`/api/v1/admin/accounts/${remote.id}/approve`).expect(403);
      await post(`/api/v1/admin/accounts/${remote.id}/enable`).expect(403);
      await post('/api/v1/admin/accounts/999999999/approve').expect(404);
    });

    it('unsuspends only suspended accounts', async () => {
      const bob = await person(api.dataSource);
      await post(`/api/v1/admin/accounts/${bob.account.id}/unsuspend`).expect(403);
    });

    it('deletes the data of suspended accounts only, with delete_user_data', async () => {
      const bob = await person(api.dataSource);
      await api.http
        .delete(`/api/v1/admin/accounts/${bob.account.id}`)
        .set('Authorization', admin.auth)
        .expect(403);
      await post(`/api/v1/admin/accounts/${bob.account.id}/action`, { type: 'suspend' }).expect(
        200,
      );
      // Moderators lack delete_user_data.
      await api.http
        .delete(`/api/v1/admin/accounts/${bob.account.id}`)
        .set('Authorization', moderator.auth)
        .expect(403);
      const res = await api.http
        .delete(`/api/v1/admin/accounts/${bob.account.id}`)
        .set('Authorization', admin.auth)
        .expect(200);
      expect(res.body.id).toBe(bob.account.id);
      const user = await api.dataSource
        .getRepository(User)
        .findOneBy({ accountId: bob.account.id });
      expect(user).toBeNull();
      await api.http.delete(`/api/v1/admin/accounts/${bob.account.id}`).expect(401);
      await api.http
        .delete('/api/v1/admin/accounts/999999999')
        .set('Authorization', admin.auth)
        .expect(404);
    });
  });
});
