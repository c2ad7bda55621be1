import { AdminActionLog, User } from '@nestodon/domain';
import { canonicalEmailHash } from '@nestodon/policies';
import { createAccessToken, createApplication } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { staff } from '../../../../support/moderation';
import { links, Person, scopedAuth } from '../../../../support/relationships';

describe('e-mail domain, canonical e-mail and IP blocks', () => {
  let api: ApiHarness;
  let admin: Person;
  let moderator: Person;
  let appToken: string;
  let counter = 0;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true, env: { REGISTRATIONS_MODE: 'open' } });
    admin = await staff(api, 'Admin');
    moderator = await staff(api, 'Moderator');
    const { application } = await createApplication(api.dataSource, { scopes: 'read write' });
    appToken = await createAccessToken(api.dataSource, { application, scopes: 'write:accounts' });
  });
  afterAll(() => api.close());

  const as = (who: Person | string) => (typeof who === 'string' ? who : who.auth);
  const get = (path: string, who: Person | string = admin) =>
    api.http.get(path).set('Authorization', as(who));
  const post = (path: string, body: Record<string, unknown>, who: Person | string = admin) =>
    api.http.post(path).set('Authorization', as(who)).send(body);
  const remove = (path: string, who: Person | string = admin) =>
    api.http.delete(path).set('Authorization', as(who));
  // Each sign-up from its own address unless one is given (sign-ups are rate-limited per IP).
  const signUp = (email: string, ip?: string) => {
    const username = `signup${++counter}`;
    return api.http
      .post('/api/v1/accounts')
      .set('Authorization', `Bearer ${appToken}`)
      .set('X-Forwarded-For', ip ?? `10.9.0.${counter}`)
      .send({ username, email, password: 'a long enough password', agreement: 'true' });
  };
  const approvedOf = async (email: string) =>
    (await api.dataSource.getRepository(User).findOneByOrFail({ email })).approved;

  describe('/api/v1/admin/email_domain_blocks', () => {
    it('blocks sign-ups from a domain and its subdomains; approval-only blocks hold them', async () => {
      const created = await post('/api/v1/admin/email_domain_blocks', {
        domain: 'Spam.Example',
      }).expect(200);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^\d+$/),
        domain: 'spam.example',
        allow_with_approval: false,
        created_at: expect.any(String),
        history: [],
      });
      const refused = await signUp('someone@mail.spam.example').expect(422);
      expect(refused.body.details.email[0].error).toBe('ERR_BLOCKED');
      await post('/api/v1/admin/email_domain_blocks', {
        domain: 'careful.example',
        allow_with_approval: true,
      }).expect(200);
      await signUp('held@careful.example').expect(200);
      expect(await approvedOf('held@careful.example')).toBe(false);
      await signUp('fine@ok.example').expect(200);
      expect(await approvedOf('fine@ok.example')).toBe(true);

      await get(`/api/v1/admin/email_domain_blocks/${created.body.id}`).expect(200);
      const page = await get('/api/v1/admin/email_domain_blocks?limit=1').expect(200);
      expect(links(page.headers.link).next.searchParams.get('max_id')).toBe(page.body[0].id);
      await post('/api/v1/admin/email_domain_blocks', { domain: 'spam.example' }).expect(422);
      await remove(`/api/v1/admin/email_domain_blocks/${created.body.id}`).expect(200, {});
      await signUp('again@spam.example').expect(200);
      const logs = await api.dataSource
        .getRepository(AdminActionLog)
        .findBy({ targetType: 'EmailDomainBlock', targetId: created.body.id });
      expect(logs.map((log) => log.action).sort()).toEqual(['create', 'destroy']);
    });

    it('is 401, 403 wrong scope or without manage_blocks, 404, 422', async () => {
      await api.http.get('/api/v1/admin/email_domain_blocks').expect(401);
      const wrong = await scopedAuth(api.dataSource, admin, 'admin:read:ip_blocks');
      await get('/api/v1/admin/email_domain_blocks', wrong).expect(403);
      await get('/api/v1/admin/email_domain_blocks', moderator).expect(403);
      await get('/api/v1/admin/email_domain_blocks/999999999').expect(404);
      await remove('/api/v1/admin/email_domain_blocks/999999999').expect(404);
      await post('/api/v1/admin/email_domain_blocks', {}).expect(422);
      await post('/api/v1/admin/email_domain_blocks', { domain: 'no way' }).expect(422);
    });
  });

  describe('/api/v1/admin/canonical_email_blocks', () => {
    it('blocks every spelling of an address; test lists the matches', async () => {
      const created = await post('/api/v1/admin/canonical_email_blocks', {
        email: 'Troll@Example.net',
      }).expect(200);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^\d+$/),
        canonical_email_hash: canonicalEmailHash('troll@example.net'),
      });
      await signUp('t.roll+new@example.net').expect(422);
      const test = await post('/api/v1/admin/canonical_email_blocks/test', {
        email: 'tr.oll@example.net',
      }).expect(200);
      expect(test.body).toEqual([created.body]);
      const none = await post('/api/v1/admin/canonical_email_blocks/test', {
        email: 'other@example.net',
      }).expect(200);
      expect(none.body).toEqual([]);
      const byHash = await post('/api/v1/admin/canonical_email_blocks', {
        canonical_email_hash: canonicalEmailHash('second@example.net'),
      }).expect(200);
      await get(`/api/v1/admin/canonical_email_blocks/${byHash.body.id}`).expect(200);
      const list = await get('/api/v1/admin/canonical_email_blocks').expect(200);
      expect(list.body.map((b: { id: string }) => b.id)).toEqual([byHash.body.id, created.body.id]);
      await remove(`/api/v1/admin/canonical_email_blocks/${created.body.id}`).expect(200, {});
      await signUp('troll@example.net').expect(200);
    });

    it('is 401, 403 wrong scope or without manage_blocks, 404, 422', async () => {
      await api.http.post('/api/v1/admin/canonical_email_blocks/test').expect(401);
      const readOnly = await scopedAuth(api.dataSource, admin, 'admin:read:canonical_email_blocks');
      await post('/api/v1/admin/canonical_email_blocks/test', { email: 'a@b.c' }, readOnly).expect(
        200,
      );
      await post('/api/v1/admin/canonical_email_blocks', { email: 'a@b.c' }, readOnly).expect(403);
      await get('/api/v1/admin/canonical_email_blocks', moderator).expect(403);
      await get('/api/v1/admin/canonical_email_blocks/999999999').expect(404);
      await post('/api/v1/admin/canonical_email_blocks', {}).expect(422);
      await post('/api/v1/admin/canonical_email_blocks', { canonical_email_hash: 'xyz' }).expect(
        422,
      );
      await post('/api/v1/admin/canonical_email_blocks/test', {}).expect(422);
    });
  });

  describe('/api/v1/admin/ip_blocks', () => {
    it('refuses or holds sign-ups from blocked ranges until the block lapses or goes', async () => {
      const created = await post('/api/v1/admin/ip_blocks', {
        ip: '10.66.0.0/16',
        severity: 'sign_up_block',
        comment: 'abuse',
        expires_in: 3600,
      }).expect(200);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^\d+$/),
        ip: '10.66.0.0/16',
        severity: 'sign_up_block',
        comment: 'abuse',
        created_at: expect.any(String),
        expires_at: expect.any(String),
      });
      await signUp('blocked@ip.example', '10.66.3.4').expect(403);
      const host = await post('/api/v1/admin/ip_blocks', {
        ip: '10.77.1.1',
        severity: 'sign_up_requires_approval',
      }).expect(200);
      expect(host.body.ip).toBe('10.77.1.1/32');
      await signUp('held@ip.example', '10.77.1.1').expect(200);
      expect(await approvedOf('held@ip.example')).toBe(false);

      const updated = await api.http
        .put(`/api/v1/admin/ip_blocks/${created.body.id}`)
        .set('Authorization', admin.auth)
        .send({ severity: 'sign_up_requires_approval' })
        .expect(200);
      expect(updated.body).toMatchObject({
        severity: 'sign_up_requires_approval',
        comment: 'abuse',
      });
      await signUp('now-held@ip.example', '10.66.3.4').expect(200);
      expect(await approvedOf('now-held@ip.example')).toBe(false);
      await get(`/api/v1/admin/ip_blocks/${host.body.id}`).expect(200);
      const list = await get('/api/v1/admin/ip_blocks').expect(200);
      expect(list.body.map((b: { id: string }) => b.id)).toEqual([host.body.id, created.body.id]);
      await remove(`/api/v1/admin/ip_blocks/${created.body.id}`).expect(200, {});
      await signUp('free@ip.example', '10.66.3.4').expect(200);
      expect(await approvedOf('free@ip.example')).toBe(true);
    });

    it('no_access refuses every request from the range, at once, until removed', async () => {
      const reader = await staff(api, null);
      const from = (ip: string) =>
        api.http
          .get('/api/v1/accounts/verify_credentials')
          .set('Authorization', reader.auth)
          .set('X-Forwarded-For', ip);
      await from('10.88.1.2').expect(200);
      const block = await post('/api/v1/admin/ip_blocks', {
        ip: '10.88.0.0/16',
        severity: 'no_access',
      }).expect(200);
      expect((await from('10.88.1.2').expect(403)).body).toEqual({ error: 'Blocked' });
      await api.http.get('/api/v1/instance').set('X-Forwarded-For', '10.88.9.9').expect(403);
      await signUp('nope@ip.example', '10.88.3.3').expect(403);
      await from('10.89.1.2').expect(200);
      await remove(`/api/v1/admin/ip_blocks/${block.body.id}`).expect(200);
      await from('10.88.1.2').expect(200);
    });

    it('is 401, 403 wrong scope or without manage_blocks, 404, 422', async () => {
      await api.http.get('/api/v1/admin/ip_blocks').expect(401);
      const wrong = await scopedAuth(api.dataSource, admin, 'admin:write:email_domain_blocks');
      await post('/api/v1/admin/ip_blocks', { ip: '1.2.3.4', severity: 'no_access' }, wrong).expect(
        403,
      );
      await get('/api/v1/admin/ip_blocks', moderator).expect(403);
      await get('/api/v1/admin/ip_blocks/999999999').expect(404);
      await api.http
        .put('/api/v1/admin/ip_blocks/999999999')
        .set('Authorization', admin.auth)
        .send({ comment: 'x' })
        .expect(404);
      await post('/api/v1/admin/ip_blocks', { ip: '1.2.3.999', severity: 'no_access' }).expect(422);
      await post('/api/v1/admin/ip_blocks', { ip: '1.2.3.4' }).expect(422);
      await post('/api/v1/admin/ip_blocks', { ip: '1.2.3.4', severity: 'worst' }).expect(422);
      await post('/api/v1/admin/ip_blocks', { severity: 'no_access' }).expect(422);
      await post('/api/v1/admin/ip_blocks', {
        ip: '1.2.3.5',
        severity: 'no_access',
        expires_in: -5,
      }).expect(422);
    });
  });
});
