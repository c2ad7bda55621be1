import { AccountDomainBlock } from '@nestodon/domain';
import { createRemoteAccount, itRequiresScopes } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { links, pathOf, Person, person } from '../../../support/relationships';

describe('/api/v1/domain_blocks', () => {
  let api: ApiHarness;
  let alice: Person;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await person(api.dataSource);
  });
  afterAll(() => api.close());

  it('blocks domains (JSON, form or query), lists them newest first and unblocks', async () => {
    await api.http
      .post('/api/v1/domain_blocks')
      .set('Authorization', alice.auth)
      .send({ domain: 'One.Example' })
      .expect(200)
      .expect((res) => expect(res.body).toEqual({}));
    await api.http
      .post('/api/v1/domain_blocks')
      .set('Authorization', alice.auth)
      .type('form')
      .send('domain=two.example')
      .expect(200);
    await api.http
      .post('/api/v1/domain_blocks?domain=three.example')
      .set('Authorization', alice.auth)
      .expect(200);
    // Again: no duplicate.
    await api.http
      .post('/api/v1/domain_blocks')
      .set('Authorization', alice.auth)
      .send({ domain: 'one.example' })
      .expect(200);
    const list = await api.http
      .get('/api/v1/domain_blocks')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(list.body).toEqual(['three.example', 'two.example', 'one.example']);

    await api.http
      .delete('/api/v1/domain_blocks')
      .set('Authorization', alice.auth)
      .send({ domain: 'two.example' })
      .expect(200)
      .expect((res) => expect(res.body).toEqual({}));
    const after = await api.http
      .get('/api/v1/domain_blocks')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(after.body).toEqual(['three.example', 'one.example']);
  });

  it('shows domain_blocking in relationships with accounts there', async () => {
    const remote = await createRemoteAccount(api.dataSource, { domain: 'one.example' });
    const res = await api.http
      .get(`/api/v1/accounts/relationships?id[]=${remote.id}`)
      .set('Authorization', alice.auth)
      .expect(200);
    expect(res.body[0]).toMatchObject({ domain_blocking: true });
  });

  it('pages with a Link header keyed by block row ids', async () => {
    const bob = await person(api.dataSource);
    for (let i = 0; i < 5; i++) {
      await api.http
        .post('/api/v1/domain_blocks')
        .set('Authorization', bob.auth)
        .send({ domain: `d${i}.example` })
        .expect(200);
    }
    const first = await api.http
      .get('/api/v1/domain_blocks?limit=2')
      .set('Authorization', bob.auth)
      .expect(200);
    expect(first.body).toEqual(['d4.example', 'd3.example']);
    const next = links(first.headers.link).next;
    const rows = await api.dataSource
      .getRepository(AccountDomainBlock)
      .findBy({ accountId: bob.account.id });
    expect(next.searchParams.get('max_id')).toBe(
      rows.find((row) => row.domain === 'd3.example')!.id,
    );
    const second = await api.http.get(pathOf(next)).set('Authorization', bob.auth).expect(200);
    expect(second.body).toEqual(['d2.example', 'd1.example']);
    const third = await api.http
      .get(pathOf(links(second.headers.link).next))
      .set('Authorization', bob.auth)
      .expect(200);
    expect(third.body).toEqual(['d0.example']);
    expect(links(third.headers.link).next).toBeUndefined();
  });

  it('is 422 without a domain or with something that is not one', async () => {
    for (const body of [
      {},
      { domain: '' },
      { domain: 'not a domain' },
      { domain: ['a.example'] },
    ]) {
      const res = await api.http
        .post('/api/v1/domain_blocks')
        .set('Authorization', alice.auth)
        .send(body)
        .expect(422);
      expect(res.body.error).toMatch(/^Validation failed: Domain/);
    }
    await api.http.delete('/api/v1/domain_blocks').set('Authorization', alice.auth).expect(422);
  });

  itRequiresScopes(() => api, 'read:mutes write:mutes', [
    'GET /api/v1/domain_blocks',
    'POST /api/v1/domain_blocks',
    'DELETE /api/v1/domain_blocks',
  ]);
});
