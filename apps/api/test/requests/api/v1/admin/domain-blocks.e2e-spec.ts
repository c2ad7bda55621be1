import { ChangeSettingsService, DomainModerationQueries } from '@nestodon/core';
import { Account, AdminActionLog } from '@nestodon/domain';
import { createRemoteAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { staff } from '../../../../support/moderation';
import { links, person, Person, scopedAuth } from '../../../../support/relationships';

describe('/api/v1/admin/domain_blocks and domain_allows', () => {
  let api: ApiHarness;
  let admin: Person;
  let moderator: Person;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    admin = await staff(api, 'Admin');
    moderator = await staff(api, 'Moderator');
  });
  afterAll(() => api.close());

  const as = (who: Person | string) => (typeof who === 'string' ? who : who.auth);
  const get = (path: string, who: Person | string = admin) =>
    api.http.get(path).set('Authorization', as(who));
  const post = (path: string, body: Record<string, unknown>, who: Person | string = admin) =>
    api.http.post(path).set('Authorization', as(who)).send(body);
  const accountRow = (id: string) => api.dataSource.getRepository(Account).findOneByOrFail({ id });

  describe('domain blocks', () => {
    it('creates, shows, lists, updates and deletes a block, with its effect on accounts', async () => {
      const remote = await createRemoteAccount(api.dataSource, { domain: 'bad.example' });
      const sub = await createRemoteAccount(api.dataSource, { domain: 'sub.bad.example' });
      const created = await post('/api/v1/admin/domain_blocks', {
        domain: 'Bad.Example',
        severity: 'silence',
        reject_media: true,
        public_comment: 'spam',
        private_comment: 'lots of spam',
      }).expect(200);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^\d+$/),
        domain: 'bad.example',
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
        created_at: expect.any(String),
        severity: 'silence',
        reject_media: true,
        reject_reports: false,
        private_comment: 'lots of spam',
        public_comment: 'spam',
        obfuscate: false,
      });
      expect((await accountRow(remote.id)).silencedAt).not.toBeNull();
      expect((await accountRow(sub.id)).silencedAt).not.toBeNull();
      const verdict = await api.app.get(DomainModerationQueries).verdictFor('sub.bad.example');
      expect(verdict).toMatchObject({ silenced: true, blocked: false, rejectMedia: true });

      const id = created.body.id;
      await get(`/api/v1/admin/domain_blocks/${id}`).expect(200);
      const list = await get('/api/v1/admin/domain_blocks').expect(200);
      expect(list.body.map((b: { id: string }) => b.id)).toContain(id);

      const updated = await api.http
        .put(`/api/v1/admin/domain_blocks/${id}`)
        .set('Authorization', admin.auth)
        .send({ severity: 'suspend' })
        .expect(200);
      expect(updated.body).toMatchObject({ severity: 'suspend', reject_media: true });
      const suspended = await accountRow(remote.id);
      expect(suspended.silencedAt).toBeNull();
      expect(suspended.suspendedAt).not.toBeNull();

      await api.http
        .delete(`/api/v1/admin/domain_blocks/${id}`)
        .set('Authorization', admin.auth)
        .expect(200, {});
      expect((await accountRow(remote.id)).suspendedAt).toBeNull();
      await get(`/api/v1/admin/domain_blocks/${id}`).expect(404);
      const logs = await api.dataSource
        .getRepository(AdminActionLog)
        .findBy({ targetType: 'DomainBlock', targetId: id });
      expect(logs.map((log) => log.action).sort()).toEqual(['create', 'destroy', 'update']);
    });

    it('refuses a block the existing one already covers, naming it', async () => {
      const first = await post('/api/v1/admin/domain_blocks', {
        domain: 'dupe.example',
        severity: 'suspend',
      }).expect(200);
      const again = await post('/api/v1/admin/domain_blocks', { domain: 'dupe.example' }).expect(
        422,
      );
      expect(again.body.existing_domain_block).toMatchObject({ id: first.body.id });
      await post('/api/v1/admin/domain_blocks', { domain: 'x.dupe.example' }).expect(422);
      const silenced = await post('/api/v1/admin/domain_blocks', {
        domain: 'soft.example',
      }).expect(200);
      // A stricter block of a subdomain is allowed.
      await post('/api/v1/admin/domain_blocks', {
        domain: 'a.soft.example',
        severity: 'suspend',
      }).expect(200);
      expect(silenced.body.severity).toBe('silence');
    });

    it('pages with Link headers', async () => {
      for (const name of ['p1', 'p2', 'p3']) {
        await post('/api/v1/admin/domain_blocks', { domain: `${name}.example` }).expect(200);
      }
      const page = await get('/api/v1/admin/domain_blocks?limit=2').expect(200);
      expect(page.body).toHaveLength(2);
      expect(links(page.headers.link).next.searchParams.get('max_id')).toBe(page.body[1].id);
    });

    it('is 401, 403 wrong scope or without manage_federation, 404, 422', async () => {
      await api.http.get('/api/v1/admin/domain_blocks').expect(401);
      await api.http.post('/api/v1/admin/domain_blocks').send({ domain: 'a.example' }).expect(401);
      const wrongScope = await scopedAuth(api.dataSource, admin, 'admin:read:accounts');
      await get('/api/v1/admin/domain_blocks', wrongScope).expect(403);
      const readOnly = await scopedAuth(api.dataSource, admin, 'admin:read:domain_blocks');
      await post('/api/v1/admin/domain_blocks', { domain: 'a.example' }, readOnly).expect(403);
      // Moderators may not manage federation.
      await get('/api/v1/admin/domain_blocks', moderator).expect(403);
      await get('/api/v1/admin/domain_blocks/999999999').expect(404);
      await api.http
        .delete('/api/v1/admin/domain_blocks/999999999')
        .set('Authorization', admin.auth)
        .expect(404);
      await post('/api/v1/admin/domain_blocks', {}).expect(422);
      await post('/api/v1/admin/domain_blocks', { domain: 'not a domain' }).expect(422);
      await post('/api/v1/admin/domain_blocks', { domain: 'c.example', severity: 'nuke' }).expect(
        422,
      );
    });
  });

  describe('domain allows', () => {
    it('creates (or returns the existing), shows, lists and deletes allows', async () => {
      const created = await post('/api/v1/admin/domain_allows', {
        domain: 'Friend.Example',
      }).expect(200);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^\d+$/),
        domain: 'friend.example',
        created_at: expect.any(String),
      });
      const again = await post('/api/v1/admin/domain_allows', { domain: 'friend.example' }).expect(
        200,
      );
      expect(again.body.id).toBe(created.body.id);
      expect(
        (await api.app.get(DomainModerationQueries).verdictFor('a.friend.example')).allowListed,
      ).toBe(true);
      await get(`/api/v1/admin/domain_allows/${created.body.id}`).expect(200);
      const list = await get('/api/v1/admin/domain_allows').expect(200);
      expect(list.body.map((a: { id: string }) => a.id)).toEqual([created.body.id]);
      await api.http
        .delete(`/api/v1/admin/domain_allows/${created.body.id}`)
        .set('Authorization', admin.auth)
        .expect(200, {});
      await get(`/api/v1/admin/domain_allows/${created.body.id}`).expect(404);
    });

    it('is 401, 403 wrong scope or without manage_federation, 404, 422', async () => {
      await api.http.get('/api/v1/admin/domain_allows').expect(401);
      const wrongScope = await scopedAuth(api.dataSource, admin, 'admin:write:domain_blocks');
      await post('/api/v1/admin/domain_allows', { domain: 'a.example' }, wrongScope).expect(403);
      await get('/api/v1/admin/domain_allows', moderator).expect(403);
      await get('/api/v1/admin/domain_allows/999999999').expect(404);
      await post('/api/v1/admin/domain_allows', {}).expect(422);
      await post('/api/v1/admin/domain_allows', { domain: 'a b' }).expect(422);
    });
  });

  describe('GET /api/v1/instance/domain_blocks', () => {
    it('follows show_domain_blocks and show_domain_blocks_rationale', async () => {
      await post('/api/v1/admin/domain_blocks', {
        domain: 'public.example',
        severity: 'suspend',
        public_comment: 'abuse',
      }).expect(200);
      await post('/api/v1/admin/domain_blocks', {
        domain: 'hidden-name.example',
        obfuscate: true,
      }).expect(200);
      await post('/api/v1/admin/domain_blocks', {
        domain: 'noop.example',
        severity: 'noop',
        reject_media: true,
      }).expect(200);
      const reader = await person(api.dataSource);
      await api.http.get('/api/v1/instance/domain_blocks').expect(404);
      const settings = api.app.get(ChangeSettingsService);
      await settings.call({ showDomainBlocks: 'users' });
      await api.http.get('/api/v1/instance/domain_blocks').expect(404);
      const forUsers = await get('/api/v1/instance/domain_blocks', reader).expect(200);
      const entry = forUsers.body.find((b: { domain: string }) => b.domain === 'public.example');
      expect(entry).toEqual({
        domain: 'public.example',
        digest: expect.stringMatching(/^[0-9a-f]{64}$/),
        severity: 'suspend',
      });
      await settings.call({ showDomainBlocks: 'all', showDomainBlocksRationale: 'all' });
      const all = await api.http.get('/api/v1/instance/domain_blocks').expect(200);
      const domains = all.body.map((b: { domain: string }) => b.domain);
      expect(domains).not.toContain('noop.example');
      expect(domains).not.toContain('hidden-name.example');
      expect(domains.some((d: string) => d.includes('*'))).toBe(true);
      expect(all.body.find((b: { domain: string }) => b.domain === 'public.example').comment).toBe(
        'abuse',
      );
    });
  });
});
