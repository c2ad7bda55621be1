import { createAccessToken, createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { Actor, createActor } from '../../../../support/statuses';

describe('GET /api/v1/accounts/:id/identity_proofs (deprecated, issue 15)', () => {
  let api: ApiHarness;
  let alice: Actor;

  beforeAll(async () => {
    api = await startApi();
    alice = await createActor(api.dataSource, { username: 'alice' });
  });
  afterAll(() => api.close());

  const proofs = (id: string, auth?: string) => {
    const request = api.http.get(`/api/v1/accounts/${id}/identity_proofs`);
    return auth ? request.set('Authorization', auth) : request;
  };

  it('answers an empty list, as Mastodon still does for old clients', async () => {
    const { account } = await createLocalAccount(api.dataSource, { username: 'bob' });
    expect((await proofs(account.id, alice.auth).expect(200)).body).toEqual([]);
  });

  it('takes a user token of any scope, as Mastodon checks none', async () => {
    const writeOnly = await createAccessToken(api.dataSource, {
      user: alice.user,
      scopes: 'write:statuses',
    });
    await proofs(alice.account.id, `Bearer ${writeOnly}`).expect(200);
  });

  it('answers 401 without a token and 404 for an unknown account', async () => {
    await proofs(alice.account.id).expect(401);
    await proofs('12345', alice.auth).expect(404);
    await proofs('not-an-id', alice.auth).expect(404);
  });
});
