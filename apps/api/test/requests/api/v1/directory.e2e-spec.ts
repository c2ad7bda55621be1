import { Account, AccountStatsRepository } from '@nestodon/domain';
import { createLocalAccount, createRemoteAccount } from '@nestodon/testing';
import { DeepPartial } from 'typeorm';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { person } from '../../../support/relationships';

describe('GET /api/v1/directory', () => {
  let api: ApiHarness;
  let older: Account;
  let newer: Account;
  let remote: Account;

  async function listed(attributes: DeepPartial<Account>, lastStatusDaysAgo: number | null) {
    const { account } = await createLocalAccount(api.dataSource, {
      discoverable: true,
      ...attributes,
    });
    if (lastStatusDaysAgo !== null) {
      await api.app
        .get(AccountStatsRepository)
        .touchLastStatusAt(account.id, new Date(Date.now() - lastStatusDaysAgo * 86_400_000));
    }
    return account;
  }

  beforeAll(async () => {
    api = await startApi();
    older = await listed({ username: 'older' }, 1);
    newer = await listed({ username: 'newer' }, 5);
    remote = await createRemoteAccount(api.dataSource, { discoverable: true });
    await api.app.get(AccountStatsRepository).touchLastStatusAt(remote.id, new Date());
    await listed({ discoverable: false }, 0);
    await listed({ suspendedAt: new Date() }, 0);
    await listed({ silencedAt: new Date() }, 0);
    await listed({ movedToAccountId: older.id }, 0);
    await createLocalAccount(api.dataSource, { discoverable: true }, { confirmedAt: null });
  });
  afterAll(() => api.close());

  const ids = (body: Array<{ id: string }>) => body.map((a) => a.id);

  it('lists discoverable accounts, most recently active first, to anyone', async () => {
    const res = await api.http.get('/api/v1/directory').expect(200);
    expect(ids(res.body)).toEqual([remote.id, older.id, newer.id]);
    expect(res.body[0]).toHaveProperty('acct');
  });

  it('orders by newest account with order=new, and local=true keeps this server', async () => {
    expect(ids((await api.http.get('/api/v1/directory?order=new').expect(200)).body)).toEqual([
      remote.id,
      newer.id,
      older.id,
    ]);
    expect(ids((await api.http.get('/api/v1/directory?local=true').expect(200)).body)).toEqual([
      older.id,
      newer.id,
    ]);
  });

  it('pages by offset and limit', async () => {
    expect(
      ids((await api.http.get('/api/v1/directory?limit=1&offset=1').expect(200)).body),
    ).toEqual([older.id]);
    expect((await api.http.get('/api/v1/directory?offset=10').expect(200)).body).toEqual([]);
  });

  it('hides from a signed-in viewer the accounts it blocks or mutes and blocked domains', async () => {
    const viewer = await person(api.dataSource);
    await api.http
      .post(`/api/v1/accounts/${older.id}/block`)
      .set('Authorization', viewer.auth)
      .expect(200);
    await api.http
      .post('/api/v1/domain_blocks')
      .set('Authorization', viewer.auth)
      .send({ domain: remote.domain })
      .expect(200);
    const res = await api.http
      .get('/api/v1/directory')
      .set('Authorization', viewer.auth)
      .expect(200);
    expect(ids(res.body)).toEqual([newer.id]);
  });

  it('is 422 for bad parameters', async () => {
    for (const query of ['order=random', 'offset=-1', 'offset=x', 'limit=ten', 'limit=1.5']) {
      const res = await api.http.get(`/api/v1/directory?${query}`).expect(422);
      expect(res.body.error).toMatch(/^Validation failed: /);
    }
  });
});
