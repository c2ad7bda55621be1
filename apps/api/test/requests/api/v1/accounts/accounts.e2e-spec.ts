import { Account, AccountStatsRepository } from '@nestodon/domain';
import { createAccessToken, createLocalAccount, createRemoteAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';

describe('GET /api/v1/accounts/:id, GET /api/v1/accounts, GET /api/v1/accounts/lookup', () => {
  let api: ApiHarness;
  let alice: Account;
  let remote: Account;
  let suspended: Account;
  let unconfirmed: Account;
  let pending: Account;
  let readToken: string;
  let writeOnlyToken: string;

  beforeAll(async () => {
    api = await startApi();
    ({ account: alice } = await createLocalAccount(
      api.dataSource,
      { username: 'Alice', displayName: 'Alice A.', note: 'Cats & dogs' },
      { roleId: '3' },
    ));
    remote = await createRemoteAccount(api.dataSource, {
      username: 'bob',
      domain: 'remote.example',
      displayName: 'Bob',
      note: '<p>Remote bio</p>',
    });
    ({ account: suspended } = await createLocalAccount(api.dataSource, {
      username: 'gone',
      displayName: 'Gone',
      suspendedAt: new Date(),
    }));
    ({ account: unconfirmed } = await createLocalAccount(
      api.dataSource,
      { username: 'newbie' },
      { confirmedAt: null },
    ));
    ({ account: pending } = await createLocalAccount(
      api.dataSource,
      { username: 'waiting' },
      { approved: false },
    ));
    await new AccountStatsRepository(api.dataSource).increment(alice.id, 'followers_count', 3);
    const { user } = await createLocalAccount(api.dataSource);
    readToken = `Bearer ${await createAccessToken(api.dataSource, { user, scopes: 'read:accounts' })}`;
    writeOnlyToken = `Bearer ${await createAccessToken(api.dataSource, { user, scopes: 'write' })}`;
  });
  afterAll(() => api.close());

  describe('GET /api/v1/accounts/:id', () => {
    it('shows a local account without a token', async () => {
      const res = await api.http.get(`/api/v1/accounts/${alice.id}`).expect(200);
      expect(res.body).toMatchObject({
        id: alice.id,
        username: 'Alice',
        acct: 'Alice',
        display_name: 'Alice A.',
        note: '<p>Cats &amp; dogs</p>',
        followers_count: 3,
        roles: [{ id: '3', name: 'Owner', color: '' }],
        noindex: false,
      });
      expect(res.headers['cache-control']).toContain('no-store');
    });

    it('shows a remote account, its note kept as stored HTML', async () => {
      const res = await api.http
        .get(`/api/v1/accounts/${remote.id}`)
        .set('Authorization', readToken)
        .expect(200);
      expect(res.body).toMatchObject({
        acct: 'bob@remote.example',
        note: '<p>Remote bio</p>',
        url: 'https://remote.example/@bob',
      });
    });

    it('answers 410 for a suspended account', async () => {
      const res = await api.http.get(`/api/v1/accounts/${suspended.id}`).expect(410);
      expect(res.body).toEqual({ error: 'This account has been suspended' });
    });

    it('answers 404 for unknown, malformed and not yet confirmed or approved accounts', async () => {
      for (const id of [
        '1',
        '99999999999999999',
        'abc',
        '12abc',
        '-1',
        '99999999999999999999',
        '9223372036854775808',
        unconfirmed.id,
        pending.id,
      ]) {
        const res = await api.http.get(`/api/v1/accounts/${id}`).expect(404);
        expect(res.body).toEqual({ error: 'Record not found' });
      }
    });

    it('answers 401 for a bad token and 403 for a token without read:accounts', async () => {
      await api.http
        .get(`/api/v1/accounts/${alice.id}`)
        .set('Authorization', 'Bearer invalid')
        .expect(401);
      const res = await api.http
        .get(`/api/v1/accounts/${alice.id}`)
        .set('Authorization', writeOnlyToken)
        .expect(403);
      expect(res.body).toEqual({ error: 'This action is outside the authorized scopes' });
    });
  });

  describe('GET /api/v1/accounts', () => {
    it('returns the known accounts in the order asked, suspended ones emptied', async () => {
      const res = await api.http
        .get('/api/v1/accounts')
        .query(
          `id[]=${remote.id}&id[]=404&id[]=${suspended.id}&id[]=${alice.id}&id[]=${remote.id}&id[]=x&id[]=${unconfirmed.id}`,
        )
        .set('Authorization', readToken)
        .expect(200);
      expect(res.body.map((a: { id: string }) => a.id)).toEqual([
        remote.id,
        suspended.id,
        alice.id,
      ]);
      expect(res.body[1]).toMatchObject({ suspended: true, display_name: '', note: '' });
    });

    it('accepts a single id and no ids', async () => {
      const one = await api.http
        .get(`/api/v1/accounts?id=${alice.id}`)
        .set('Authorization', readToken)
        .expect(200);
      expect(one.body.map((a: { id: string }) => a.id)).toEqual([alice.id]);
      const none = await api.http
        .get('/api/v1/accounts')
        .set('Authorization', readToken)
        .expect(200);
      expect(none.body).toEqual([]);
    });

    it('answers 422 for more than 40 ids', async () => {
      const ids = Array.from({ length: 41 }, (_, i) => `id[]=${i + 1}`).join('&');
      const res = await api.http
        .get(`/api/v1/accounts?${ids}`)
        .set('Authorization', readToken)
        .expect(422);
      expect(res.body.error).toMatch(/40/);
      const forty = Array.from({ length: 40 }, (_, i) => `id[]=${i + 1}`).join('&');
      await api.http.get(`/api/v1/accounts?${forty}`).set('Authorization', readToken).expect(200);
    });

    it('is public, as in Mastodon, but checks a token that is sent', async () => {
      const anonymous = await api.http.get(`/api/v1/accounts?id[]=${alice.id}`).expect(200);
      expect(anonymous.body.map((account: { id: string }) => account.id)).toEqual([alice.id]);
      await api.http
        .get(`/api/v1/accounts?id[]=${alice.id}`)
        .set('Authorization', 'Bearer not-a-token')
        .expect(401);
      await api.http
        .get(`/api/v1/accounts?id[]=${alice.id}`)
        .set('Authorization', writeOnlyToken)
        .expect(403);
    });
  });

  describe('GET /api/v1/accounts/lookup', () => {
    it('finds local accounts by username, @username or username@this.domain', async () => {
      for (const acct of [
        'alice',
        'ALICE',
        '@Alice',
        'alice@nestodon.test',
        'alice@NESTODON.test',
      ]) {
        const res = await api.http.get('/api/v1/accounts/lookup').query({ acct }).expect(200);
        expect(res.body.id).toBe(alice.id);
      }
    });

    it('finds known remote accounts', async () => {
      const res = await api.http
        .get('/api/v1/accounts/lookup?acct=bob@Remote.Example')
        .set('Authorization', readToken)
        .expect(200);
      expect(res.body).toMatchObject({ id: remote.id, acct: 'bob@remote.example' });
    });

    it('shows suspended accounts as suspended', async () => {
      const res = await api.http.get('/api/v1/accounts/lookup?acct=gone').expect(200);
      expect(res.body).toMatchObject({ id: suspended.id, suspended: true, display_name: '' });
    });

    it('answers 404 for unknown, hidden, remote-unknown and malformed handles', async () => {
      for (const query of [
        'acct=nobody',
        'acct=bob',
        'acct=alice@elsewhere.example',
        'acct=newbie',
        'acct=waiting',
        'acct=a@b@c',
        'acct=%20',
        'acct[]=alice',
        '',
      ]) {
        await api.http.get(`/api/v1/accounts/lookup?${query}`).expect(404);
      }
    });

    it('answers 401 for a bad token and 403 for a token without read:accounts', async () => {
      await api.http
        .get('/api/v1/accounts/lookup?acct=alice')
        .set('Authorization', 'Bearer invalid')
        .expect(401);
      await api.http
        .get('/api/v1/accounts/lookup?acct=alice')
        .set('Authorization', writeOnlyToken)
        .expect(403);
    });
  });
});
