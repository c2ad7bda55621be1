import { Account, DomainBlock } from '@nestodon/domain';
import { createLocalAccount, createStatus } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../support/api-harness';
import { RemoteActor, RemoteInstance, signedGet } from '../../support/remote-instance';

/**
 * Secure mode (AUTHORIZED_FETCH=true): our actors, statuses and collections are served only to
 * signed requests from servers that are not blocked, as Mastodon; the instance actor,
 * WebFinger and NodeInfo stay public. Signers' keys are fetched signed by our instance actor.
 */
describe('secure mode (AUTHORIZED_FETCH)', () => {
  let api: ApiHarness;
  let remote: RemoteInstance;
  let bob: RemoteActor;
  let alice: Account;
  let statusId: string;

  beforeAll(async () => {
    api = await startApi({ env: { AUTHORIZED_FETCH: 'true', ALLOW_PRIVATE_ADDRESS: 'true' } });
    remote = await RemoteInstance.start();
    bob = remote.actor('bob');
    ({ account: alice } = await createLocalAccount(api.dataSource, { username: 'alice' }));
    statusId = (await createStatus(api.dataSource, alice, { text: 'public words' })).id;
  });
  afterAll(async () => {
    await api.close();
    await remote.close();
  });
  afterEach(() => api.dataSource.getRepository(DomainBlock).clear());

  const gated = () => [
    '/users/alice',
    `/users/alice/statuses/${statusId}`,
    `/users/alice/statuses/${statusId}/activity`,
    `/users/alice/statuses/${statusId}/replies`,
    '/users/alice/followers',
    '/users/alice/following',
    '/users/alice/outbox',
    '/users/alice/collections/featured',
    '/users/alice/collections/tags',
  ];

  it('answers 401 to unsigned fetches of actors, statuses and collections', async () => {
    for (const path of gated()) {
      const res = await signedGet(api.url + path, null);
      expect({ path, status: res.status }).toEqual({ path, status: 401 });
      expect(JSON.parse(res.body)).toEqual({ error: 'Request not signed' });
    }
  });

  it('serves them to a signed fetch, fetching the signer key signed by the instance actor', async () => {
    for (const path of gated()) {
      const res = await signedGet(api.url + path, bob);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
    const signed = await signedGet(`${api.url}/users/alice`, bob);
    expect(JSON.parse(signed.body)).toMatchObject({
      id: 'https://nestodon.test/users/alice',
      type: 'Person',
    });
    // Not for shared caches to hand to unsigned requests.
    expect(signed.headers.get('cache-control')).toBe('private');
    expect(signed.headers.get('vary')).toMatch(/Signature/);
    const keyFetches = remote.signatures.filter((_, i) => remote.requests[i] === '/users/bob');
    expect(keyFetches.length).toBeGreaterThan(0);
    for (const signature of keyFetches) {
      expect(signature).toContain('keyId="https://nestodon.test/actor#main-key"');
    }
  });

  it('answers 401 to a signature that does not verify', async () => {
    const impostor = remote.actor('impostor');
    const forged = { ...bob, privateKey: impostor.privateKey };
    expect((await signedGet(`${api.url}/users/alice`, forged)).status).toBe(401);
  });

  it("answers 403 to a blocked server's signed fetch, without fetching its key", async () => {
    await api.dataSource
      .getRepository(DomainBlock)
      .save({ domain: remote.host, severity: 'suspend' });
    const before = remote.requests.length;
    const res = await signedGet(`${api.url}/users/alice/statuses/${statusId}`, bob);
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body).error).toContain(bob.keyId);
    expect(remote.requests.length).toBe(before);
  });

  it('keeps the instance actor, WebFinger and NodeInfo public, and pages for browsers', async () => {
    expect((await signedGet(`${api.url}/actor`, null)).status).toBe(200);
    await api.http
      .get('/.well-known/webfinger')
      .query({ resource: 'acct:alice@nestodon.test' })
      .expect(200);
    await api.http.get('/.well-known/nodeinfo').expect(200);
    await api.http.get('/nodeinfo/2.0').expect(200);
    await api.http.get('/users/alice').set('Accept', 'text/html').expect(302);
  });
});
