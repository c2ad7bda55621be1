import { randomUUID } from 'node:crypto';
import { digest } from '@fedify/fedify';
import { Account, Follow } from '@nestodon/domain';
import { createLocalAccount, createRemoteAccount, insertFollow } from '@nestodon/testing';
import { ApiHarness } from '../../support/api-harness';
import { accountOfActor, closeApiWithRemote, startApiWithRemote } from '../../support/inbound';
import { InboxReceiver } from '../../support/inbox-receiver';
import {
  MASTODON_CONTEXT,
  RemoteActor,
  RemoteInstance,
  signedGet,
  signedPost,
} from '../../support/remote-instance';
import { createActor, postStatus } from '../../support/statuses';

const BASE = 'https://nestodon.test';

/**
 * Mastodon's routes around the instance actor (`POST /actor/inbox`, `GET /actor/outbox`) and
 * its follower synchronisation collection (`GET /users/:username/followers_synchronization`,
 * always signed: the followers on the signer's server only), which followers-only posts ask
 * each server to compare with through the Collection-Synchronization header.
 */
describe('instance actor inbox and outbox, follower synchronisation', () => {
  let api: ApiHarness;
  let remote: RemoteInstance;
  let bob: RemoteActor;
  let alice: Account;

  beforeAll(async () => {
    ({ api, remote } = await startApiWithRemote());
    bob = remote.actor('bob');
    ({ account: alice } = await createLocalAccount(api.dataSource, { username: 'alice' }));
  });
  afterAll(() => closeApiWithRemote({ api, remote }));

  const follow = (actor: RemoteActor) => ({
    '@context': MASTODON_CONTEXT,
    id: `${actor.id}#follows/${randomUUID()}`,
    type: 'Follow',
    actor: actor.id,
    object: `${BASE}/users/alice`,
  });

  describe('POST /actor/inbox', () => {
    it('takes signed activities as the shared inbox does, and refuses unsigned ones', async () => {
      const url = `${api.url}/actor/inbox`;
      expect((await signedPost(url, follow(bob), bob, { unsigned: true })).status).toBe(401);
      expect((await signedPost(url, follow(bob), bob)).status).toBe(202);
      const account = await accountOfActor(api, bob);
      expect(
        await api.dataSource
          .getRepository(Follow)
          .countBy({ accountId: account.id, targetAccountId: alice.id }),
      ).toBe(1);
    });

    it('is the inbox the instance actor publishes', async () => {
      const actor = JSON.parse((await signedGet(`${api.url}/actor`, null)).body);
      expect(actor).toMatchObject({
        inbox: `${BASE}/actor/inbox`,
        endpoints: { sharedInbox: `${BASE}/inbox` },
      });
    });
  });

  describe('GET /actor/outbox', () => {
    it('is the empty outbox of the instance actor', async () => {
      const res = await signedGet(`${api.url}/actor/outbox`, null);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toMatchObject({ type: 'OrderedCollection', totalItems: 0 });
    });
  });

  describe('GET /users/:username/followers_synchronization', () => {
    const sync = (username: string, signer: RemoteActor | null) =>
      signedGet(`${api.url}/users/${username}/followers_synchronization`, signer);

    it("lists the account's followers on the signer's server only", async () => {
      const carl = remote.actor('carl');
      const carlAccount = await createRemoteAccount(api.dataSource, {
        username: 'carl',
        domain: remote.host,
        uri: carl.id,
      });
      const elsewhere = await createRemoteAccount(api.dataSource, { domain: 'other.example' });
      await insertFollow(api.dataSource, carlAccount, alice);
      await insertFollow(api.dataSource, elsewhere, alice);
      const res = await sync('alice', bob);
      expect(res.status).toBe(200);
      const body = JSON.parse(res.body);
      expect(body).toMatchObject({
        id: `${BASE}/users/alice/followers_synchronization`,
        type: 'OrderedCollection',
      });
      // bob followed alice through /actor/inbox above; carl is on the same server.
      expect([body.orderedItems].flat().sort()).toEqual([bob.id, carl.id].sort());
    });

    it('is 401 unsigned and 404 for an unknown account', async () => {
      expect((await sync('alice', null)).status).toBe(401);
      expect((await sync('nobody', bob)).status).toBe(404);
    });
  });

  describe('Collection-Synchronization', () => {
    it("goes with followers-only posts, with the digest of the server's part", async () => {
      const receiver = await new InboxReceiver(BASE, api.url).start();
      try {
        const poster = await createActor(api.dataSource, { username: 'poster' });
        const fans = await Promise.all(
          ['fan1', 'fan2'].map((username) =>
            createRemoteAccount(api.dataSource, {
              username,
              domain: receiver.host,
              uri: `${receiver.origin}/users/${username}`,
              inboxUrl: `${receiver.origin}/users/${username}/inbox`,
              sharedInboxUrl: `${receiver.origin}/inbox`,
            }),
          ),
        );
        for (const fan of fans) await insertFollow(api.dataSource, fan, poster.account);
        await postStatus(api.http, poster, { status: 'inner circle', visibility: 'private' });
        await postStatus(api.http, poster, { status: 'everyone', visibility: 'public' });
        const [privately, publicly] = receiver.at('/inbox');
        const hex = Buffer.from(await digest(fans.map((fan) => fan.uri!))).toString('hex');
        expect(privately.headers['collection-synchronization']).toBe(
          `collectionId="${BASE}/users/poster/followers", ` +
            `url="${BASE}/users/poster/followers_synchronization", digest="${hex}"`,
        );
        expect(publicly.headers['collection-synchronization']).toBeUndefined();
      } finally {
        await receiver.stop();
      }
    });
  });
});
