import { randomUUID } from 'node:crypto';
import { DeliverActivityService } from '@nestodon/activitypub/outbox';
import { Account, DomainAllow, Follow } from '@nestodon/domain';
import { createAccessToken, createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../support/api-harness';
import { InboxReceiver } from '../../support/inbox-receiver';
import {
  MASTODON_CONTEXT,
  RemoteActor,
  RemoteInstance,
  signedGet,
  signedPost,
} from '../../support/remote-instance';

/**
 * Limited federation mode (LIMITED_FEDERATION_MODE=true): only servers on the domain allow
 * list federate. Others' activities are dropped, nothing is delivered to them, and their
 * fetches are refused (the mode implies secure mode, as on Mastodon).
 */
describe('limited federation mode', () => {
  let api: ApiHarness;
  let remote: RemoteInstance;
  let bob: RemoteActor;
  let alice: Account;

  beforeAll(async () => {
    api = await startApi({
      inlineJobs: true,
      env: { LIMITED_FEDERATION_MODE: 'true', ALLOW_PRIVATE_ADDRESS: 'true' },
    });
    remote = await RemoteInstance.start();
    bob = remote.actor('bob');
    ({ account: alice } = await createLocalAccount(api.dataSource, { username: 'alice' }));
  });
  afterAll(async () => {
    await api.close();
    await remote.close();
  });
  afterEach(() => api.dataSource.getRepository(DomainAllow).clear());

  const allow = (domain: string) => api.dataSource.getRepository(DomainAllow).save({ domain });

  it('refuses fetches from servers off the allow list (403) and unsigned ones (401)', async () => {
    const actor = `${api.url}/users/alice`;
    expect((await signedGet(actor, null)).status).toBe(401);
    expect((await signedGet(actor, bob)).status).toBe(403);
    await allow(remote.host);
    expect((await signedGet(actor, bob)).status).toBe(200);
  });

  it('drops activities of servers off the allow list', async () => {
    const follow = () => ({
      '@context': MASTODON_CONTEXT,
      id: `${bob.id}#follows/${randomUUID()}`,
      type: 'Follow',
      actor: bob.id,
      object: 'https://nestodon.test/users/alice',
    });
    const follows = () =>
      api.dataSource.getRepository(Follow).countBy({ targetAccountId: alice.id });
    expect((await signedPost(`${api.url}/users/alice/inbox`, follow(), bob)).status).toBe(202);
    expect(await follows()).toBe(0);
    await allow(remote.host);
    expect((await signedPost(`${api.url}/users/alice/inbox`, follow(), bob)).status).toBe(202);
    expect(await follows()).toBe(1);
  });

  it('delivers only to servers on the allow list', async () => {
    const receiver = await new InboxReceiver('https://nestodon.test', api.url).start();
    try {
      const deliver = () =>
        api.app.get(DeliverActivityService).call({
          accountId: alice.id,
          inbox: `${receiver.origin}/inbox`,
          body: JSON.stringify({ type: 'Note' }),
        });
      expect(await deliver()).toBe('refused');
      expect(receiver.received).toHaveLength(0);
      await allow(receiver.host);
      expect(await deliver()).toBe('delivered');
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.stop();
    }
  });

  it('does not look up accounts on servers off the allow list', async () => {
    remote.actor('carol');
    const { user } = await createLocalAccount(api.dataSource, { username: 'looker' });
    const token = `Bearer ${await createAccessToken(api.dataSource, { user, scopes: 'read' })}`;
    const lookup = () =>
      api.http
        .get('/api/v1/accounts/lookup')
        .query({ acct: `carol@${remote.host}` })
        .set('Authorization', token);
    const asked = () => remote.requests.filter((path) => path.includes('carol')).length;
    await lookup().expect(404);
    expect(asked()).toBe(0);
    await allow(remote.host);
    const res = await lookup().expect(200);
    expect(res.body.acct).toBe(`carol@${remote.host}`);
  });

  it('opens the API to signed-in users only, as Mastodon, and says so in the instance', async () => {
    const { user } = await createLocalAccount(api.dataSource, { username: 'reader' });
    const token = `Bearer ${await createAccessToken(api.dataSource, { user, scopes: 'read' })}`;
    for (const path of ['/api/v1/timelines/public', '/api/v2/instance', '/api/v1/directory']) {
      const anonymous = await api.http.get(path).expect(401);
      expect(anonymous.body).toEqual({ error: 'This method requires an authenticated user' });
      await api.http.get(path).set('Authorization', token).expect(200);
    }
    // What clients need before anyone signs in stays open.
    await api.http.get('/api/v1/custom_emojis').expect(200);
    await api.http
      .post('/api/v1/apps')
      .send({ client_name: 'app', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob' })
      .expect(200);
    const res = await api.http.get('/api/v2/instance').set('Authorization', token).expect(200);
    expect(res.body.configuration.limited_federation).toBe(true);
  });
});
