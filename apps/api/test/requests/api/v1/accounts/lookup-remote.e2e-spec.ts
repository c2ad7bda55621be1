import { Account, AccountRepository } from '@nestodon/domain';
import { createAccessToken, createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../../support/api-harness';
import { RemoteInstance } from '../../../../support/remote-instance';

let api: ApiHarness;
let remote: RemoteInstance;

beforeAll(async () => {
  api = await startApi({ env: { ALLOW_PRIVATE_ADDRESS: 'true' } });
  remote = await RemoteInstance.start();
});
afterAll(async () => {
  await api.close();
  await remote.close();
});

async function bearer(scopes: string): Promise<string> {
  const { user } = await createLocalAccount(api.dataSource);
  return `Bearer ${await createAccessToken(api.dataSource, { user, scopes })}`;
}

describe('GET /api/v1/accounts/lookup of remote handles', () => {
  let token: string;

  beforeAll(async () => {
    token = await bearer('read:accounts');
  });

  const lookup = (acct: string) =>
    api.http.get('/api/v1/accounts/lookup').query({ acct }).set('Authorization', token);

  it('resolves an unknown handle through WebFinger and stores the actor', async () => {
    remote.actor('carol', {
      summary: '<p>Hi<script>alert(1)</script> <a href="https://x.example">link</a></p>',
      manuallyApprovesFollowers: true,
      discoverable: true,
      indexable: true,
      icon: { type: 'Image', mediaType: 'image/png', url: `${remote.base}/avatar.png` },
      image: { type: 'Image', url: `${remote.base}/header.png` },
      attachment: [
        { type: 'PropertyValue', name: 'Site', value: '<a href="https://c.example">c</a>' },
      ],
    });
    const res = await lookup(`carol@${remote.host}`).expect(200);
    expect(res.body).toMatchObject({
      username: 'carol',
      acct: `carol@${remote.host}`,
      display_name: 'CAROL',
      locked: true,
      discoverable: true,
      url: `${remote.base}/@carol`,
      avatar: `${remote.base}/avatar.png`,
      header: `${remote.base}/header.png`,
      fields: [{ name: 'Site', value: expect.stringContaining('href="https://c.example"') }],
    });
    expect(res.body.note).not.toContain('script');
    expect(res.body.note).toContain('rel="nofollow noopener"');
    const stored = (await new AccountRepository(api.dataSource).findByUri(
      `${remote.base}/users/carol`,
    )) as Account;
    expect(stored).toMatchObject({
      domain: remote.host,
      inboxUrl: `${remote.base}/users/carol/inbox`,
      sharedInboxUrl: `${remote.base}/inbox`,
      followersUrl: `${remote.base}/users/carol/followers`,
      indexable: true,
    });
    expect(stored.publicKey).toContain('BEGIN PUBLIC KEY');
  });

  it('answers a known, fresh account without asking the remote server again', async () => {
    remote.actor('dora');
    await lookup(`dora@${remote.host}`).expect(200);
    const asked = remote.requests.length;
    await lookup(`@dora@${remote.host}`).expect(200);
    expect(remote.requests.length).toBe(asked);
  });

  it('refreshes a stale account from its actor', async () => {
    const erin = remote.actor('erin');
    await lookup(`erin@${remote.host}`).expect(200);
    const accounts = new AccountRepository(api.dataSource);
    const stored = (await accounts.findByUri(erin.id))!;
    await accounts.update(stored.id, { lastWebfingeredAt: new Date(Date.now() - 2 * 86400_000) });
    const asked = remote.requests.length;
    const res = await lookup(`erin@${remote.host}`).expect(200);
    expect(res.body.id).toBe(stored.id);
    expect(remote.requests.slice(asked)[0]).toContain('/.well-known/webfinger');
    const refreshed = (await accounts.findByUri(erin.id))!;
    expect(Date.now() - refreshed.lastWebfingeredAt!.getTime()).toBeLessThan(60_000);
  });

  it('is 404 for a handle nobody answers for, and for an actor claiming another name', async () => {
    await lookup(`nobody@${remote.host}`).expect(404);
    remote.actor('frank', { preferredUsername: 'mallory' });
    await lookup(`frank@${remote.host}`).expect(404);
  });

  it('is 404 for an actor whose id is on another origin', async () => {
    const gina = remote.actor('gina');
    gina.document.id = 'https://elsewhere.example/users/gina';
    await lookup(`gina@${remote.host}`).expect(404);
  });

  it('is 403 for a token without read:accounts', async () => {
    const { user } = await createLocalAccount(api.dataSource);
    const write = await createAccessToken(api.dataSource, { user, scopes: 'write' });
    await api.http
      .get('/api/v1/accounts/lookup')
      .query({ acct: `dora@${remote.host}` })
      .set('Authorization', `Bearer ${write}`)
      .expect(403);
  });
});

describe('GET /api/v2/search?resolve=true of remote handles and URLs', () => {
  let token: string;

  beforeAll(async () => {
    token = await bearer('read');
  });

  const search = (q: string) =>
    api.http.get('/api/v2/search').query({ q, resolve: true }).set('Authorization', token);

  it('resolves an unknown handle and an actor URL', async () => {
    remote.actor('hana');
    let res = await search(`@hana@${remote.host}`).expect(200);
    expect(res.body.accounts).toMatchObject([{ acct: `hana@${remote.host}` }]);
    const ivan = remote.actor('ivan');
    res = await search(ivan.id).expect(200);
    expect(res.body.accounts).toMatchObject([{ acct: `ivan@${remote.host}` }]);
  });

  it('resolves a public status by its URL, and finds nothing at an unknown one', async () => {
    const jon = remote.actor('jon');
    const id = `${jon.id}/statuses/1`;
    remote.put(id, {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id,
      type: 'Note',
      attributedTo: jon.id,
      content: '<p>found</p>',
      to: ['https://www.w3.org/ns/activitystreams#Public'],
    });
    let res = await search(id).expect(200);
    expect(res.body.statuses).toMatchObject([{ uri: id, content: '<p>found</p>' }]);
    res = await search(`${remote.base}/nothing`).expect(200);
    expect(res.body).toMatchObject({ accounts: [], statuses: [] });
  });
});
