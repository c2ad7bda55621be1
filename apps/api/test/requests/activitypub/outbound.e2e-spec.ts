import { DeleteAccountService, FollowService } from '@nestodon/core';
import { Account, AccountRepository, StatusVisibility } from '@nestodon/domain';
import { createPoll, createRemoteAccount, createStatus, insertFollow } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../support/api-harness';
import { InboxReceiver } from '../../support/inbox-receiver';
import { Actor, createActor, postStatus } from '../../support/statuses';

const BASE = 'https://nestodon.test';
const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const ALICE = `${BASE}/users/alice`;
const FOLLOWERS = `${ALICE}/followers`;

type Json = Record<string, unknown>;
/** An activity with `to` and `cc` as lists (compact JSON-LD writes a single value alone). */
const addressed = (json: Json): Json => ({
  ...json,
  to: [json.to ?? []].flat(),
  cc: [json.cc ?? []].flat(),
  ...(json.object && typeof json.object === 'object'
    ? { object: addressed(json.object as Json) }
    : {}),
});

/**
 * What local accounts do reaches other servers: each action through the REST API (jobs run
 * inline) arrives at real inboxes on loopback as Mastodon shapes it, signed with the actor's
 * RSA key (HTTP Signature) and Ed25519 key (Object Integrity Proof), both checked by Fedify's
 * verifiers against our actor document, addressed per visibility, and once per shared inbox.
 */
describe('outbound activities', () => {
  let api: ApiHarness;
  let alice: Actor;
  /** The followers' server: two followers on its shared inbox. */
  let followersServer: InboxReceiver;
  /** Another server, where bob (mentioned, followed, blocked…) lives, without a shared inbox. */
  let bobServer: InboxReceiver;
  let bob: Account;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    followersServer = await new InboxReceiver(BASE, api.url).start();
    bobServer = await new InboxReceiver(BASE, api.url).start();
    alice = await createActor(api.dataSource, { username: 'alice' });
    for (const username of ['fan1', 'fan2']) {
      const fan = await createRemoteAccount(api.dataSource, {
        username,
        domain: 'followers.example',
        uri: `${followersServer.origin}/users/${username}`,
        inboxUrl: `${followersServer.origin}/users/${username}/inbox`,
        sharedInboxUrl: `${followersServer.origin}/inbox`,
      });
      await insertFollow(api.dataSource, fan, alice.account);
    }
    bob = await createRemoteAccount(api.dataSource, {
      username: 'bob',
      domain: 'bob.example',
      uri: `${bobServer.origin}/users/bob`,
      inboxUrl: `${bobServer.origin}/users/bob/inbox`,
      sharedInboxUrl: null,
    });
  });
  afterAll(async () => {
    await api.close();
    await followersServer.stop();
    await bobServer.stop();
  });
  beforeEach(() => {
    followersServer.received.length = 0;
    bobServer.received.length = 0;
  });

  const only = (server: InboxReceiver) => {
    expect(server.received).toHaveLength(1);
    expect(server.received[0].keyId).toBe(`${ALICE}#main-key`);
    expect(server.received[0].proofVerified).toBe(true);
    return addressed(server.received[0].activity);
  };
  const call = (method: 'post' | 'put' | 'delete' | 'patch', path: string, body = {}) =>
    api.http[method](path).set('Authorization', alice.auth).send(body).expect(200);

  it('posts a public status: Create to the shared inbox once and to the mentioned', async () => {
    const status = await postStatus(api.http, alice, { status: 'hello @bob@bob.example' });
    const uri = `${ALICE}/statuses/${status.id}`;
    expect(followersServer.at('/inbox')).toHaveLength(1);
    const create = only(followersServer);
    expect(create).toMatchObject({
      id: `${uri}/activity`,
      type: 'Create',
      actor: ALICE,
      to: [PUBLIC],
      cc: [FOLLOWERS, bob.uri],
      object: { id: uri, type: 'Note', attributedTo: ALICE, to: [PUBLIC] },
    });
    const note = create.object as Record<string, unknown>;
    expect(note.content).toContain(`href="${bob.url}"`);
    expect([note.tag].flat()).toEqual([
      { type: 'Mention', href: bob.uri, name: '@bob@bob.example' },
    ]);
    expect(bobServer.at('/users/bob/inbox')).toHaveLength(1);
    expect(only(bobServer)).toEqual(create);
    // Object Integrity Proof with the Ed25519 key (verified by Fedify in `only`).
    expect(create.proof).toMatchObject({
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-jcs-2022',
      verificationMethod: `${ALICE}#multikey-2`,
    });
  });

  it('resolves unknown handles through WebFinger when posting; unknown ones stay text', async () => {
    const carol = bobServer.serveActor('carol');
    const host = bobServer.host;
    const status = await postStatus(api.http, alice, {
      status: `hi @carol@${host} and @nobody@${host}`,
    });
    expect(status.content).toContain(`href="${bobServer.origin}/@carol"`);
    expect(status.content).toContain(`@nobody@${host}`);
    expect(status.content).not.toContain(`/@nobody`);
    expect(status.mentions).toEqual([
      expect.objectContaining({ username: 'carol', acct: `carol@${host}` }),
    ]);
    const create = only(bobServer);
    expect(bobServer.received[0].path).toBe('/inbox');
    expect(create.cc).toEqual([FOLLOWERS, carol]);
    expect([(create.object as Json).tag].flat()).toEqual([
      { type: 'Mention', href: carol, name: `@carol@${host}` },
    ]);
    const [stored] = await api.dataSource.query(
      `SELECT username, domain, display_name, inbox_url, shared_inbox_url FROM accounts WHERE uri = $1`,
      [carol],
    );
    expect(stored).toEqual({
      username: 'carol',
      domain: host,
      display_name: 'CAROL',
      inbox_url: `${carol}/inbox`,
      shared_inbox_url: `${bobServer.origin}/inbox`,
    });
  });

  it.each([
    ['unlisted', [FOLLOWERS], [PUBLIC]],
    ['private', [FOLLOWERS], []],
  ])('addresses a %s status to the followers', async (visibility, to, cc) => {
    await postStatus(api.http, alice, { status: 'hi', visibility });
    expect(only(followersServer)).toMatchObject({ type: 'Create', to, cc });
    expect(bobServer.received).toHaveLength(0);
  });

  it('sends a direct status only to the mentioned', async () => {
    await postStatus(api.http, alice, { status: '@bob@bob.example psst', visibility: 'direct' });
    expect(followersServer.received).toHaveLength(0);
    expect(only(bobServer)).toMatchObject({ type: 'Create', to: [bob.uri], cc: [] });
  });

  it('sends an edit as Update with `updated`, and a deletion as Delete of a Tombstone', async () => {
    const status = await postStatus(api.http, alice, { status: 'first' });
    const uri = `${ALICE}/statuses/${status.id}`;
    followersServer.received.length = 0;
    await call('put', `/api/v1/statuses/${status.id}`, { status: 'second' });
    const update = only(followersServer);
    expect(update).toMatchObject({
      type: 'Update',
      actor: ALICE,
      to: [PUBLIC],
      object: { id: uri, type: 'Note', content: '<p>second</p>' },
    });
    expect((update.object as Record<string, unknown>).updated).toEqual(expect.any(String));
    expect(update.id).toMatch(new RegExp(`^${uri}#updates/\\d+$`));

    followersServer.received.length = 0;
    await call('delete', `/api/v1/statuses/${status.id}`);
    expect(only(followersServer)).toMatchObject({
      id: `${uri}#delete`,
      type: 'Delete',
      actor: ALICE,
      to: [PUBLIC],
      object: { id: uri, type: 'Tombstone' },
    });
  });

  it('sends a poll as a Question', async () => {
    await postStatus(api.http, alice, {
      status: 'which?',
      poll: { options: ['a', 'b'], expires_in: 3600 },
    });
    expect(only(followersServer)).toMatchObject({
      type: 'Create',
      object: { type: 'Question', oneOf: [{ name: 'a' }, { name: 'b' }] },
    });
  });

  describe("on bob's statuses", () => {
    let remoteStatus: { id: string; uri: string };

    beforeAll(async () => {
      const uri = `${bobServer.origin}/users/bob/statuses/1`;
      remoteStatus = {
        id: (await createStatus(api.dataSource, bob, { uri, text: 'a remote post' })).id,
        uri,
      };
    });

    it('sends Like to the author and Undo(Like) when unfavourited', async () => {
      await call('post', `/api/v1/statuses/${remoteStatus.id}/favourite`);
      const like = only(bobServer);
      expect(like).toMatchObject({
        type: 'Like',
        actor: ALICE,
        object: remoteStatus.uri,
      });
      expect(like.id).toMatch(new RegExp(`^${ALICE}#likes/\\d+$`));
      expect(followersServer.received).toHaveLength(0);

      bobServer.received.length = 0;
      await call('post', `/api/v1/statuses/${remoteStatus.id}/unfavourite`);
      expect(only(bobServer)).toMatchObject({
        id: `${like.id}/undo`,
        type: 'Undo',
        actor: ALICE,
        object: { id: like.id, type: 'Like', object: remoteStatus.uri },
      });
    });

    it('sends Announce to followers and the author, and Undo(Announce) when unreblogged', async () => {
      const res = await call('post', `/api/v1/statuses/${remoteStatus.id}/reblog`);
      const announceId = `${ALICE}/statuses/${res.body.id}/activity`;
      const announce = only(followersServer);
      expect(announce).toMatchObject({
        id: announceId,
        type: 'Announce',
        actor: ALICE,
        to: [PUBLIC],
        cc: [bob.uri, FOLLOWERS],
        object: remoteStatus.uri,
      });
      expect(only(bobServer)).toEqual(announce);

      followersServer.received.length = 0;
      await call('post', `/api/v1/statuses/${remoteStatus.id}/unreblog`);
      expect(only(followersServer)).toMatchObject({
        id: `${announceId}/undo`,
        type: 'Undo',
        object: { id: announceId, type: 'Announce' },
      });
    });

    it('votes in a remote poll with a Note named after each choice', async () => {
      const question = await createStatus(api.dataSource, bob, {
        uri: `${bobServer.origin}/users/bob/statuses/2`,
      });
      const poll = await createPoll(api.dataSource, question, {
        options: ['tea', 'coffee', 'water'],
        multiple: true,
      });
      await call('post', `/api/v1/polls/${poll.id}/votes`, { choices: ['0', '2'] });
      const votes = bobServer.ofType('Create');
      expect(votes.map((vote) => vote.object)).toEqual([
        expect.objectContaining({
          type: 'Note',
          name: 'tea',
          attributedTo: ALICE,
          to: bob.uri,
          inReplyTo: question.uri,
        }),
        expect.objectContaining({ type: 'Note', name: 'water' }),
      ]);
      expect(followersServer.received).toHaveLength(0);
    });
  });

  it('sends Follow to a remote account and Undo(Follow) when unfollowing', async () => {
    await call('post', `/api/v1/accounts/${bob.id}/follow`);
    const follow = only(bobServer);
    expect(follow).toMatchObject({ type: 'Follow', actor: ALICE, object: bob.uri });

    bobServer.received.length = 0;
    await call('post', `/api/v1/accounts/${bob.id}/unfollow`);
    expect(only(bobServer)).toMatchObject({
      type: 'Undo',
      actor: ALICE,
      object: { id: follow.id, type: 'Follow', actor: ALICE, object: bob.uri },
    });
  });

  it('sends Block and Undo(Block) to the blocked account only', async () => {
    await call('post', `/api/v1/accounts/${bob.id}/block`);
    const block = only(bobServer);
    expect(block).toMatchObject({ type: 'Block', actor: ALICE, object: bob.uri });
    bobServer.received.length = 0;
    await call('post', `/api/v1/accounts/${bob.id}/unblock`);
    expect(only(bobServer)).toMatchObject({
      type: 'Undo',
      object: { id: block.id, type: 'Block' },
    });
    expect(followersServer.received).toHaveLength(0);
  });

  it('answers remote follow requests with Accept and Reject', async () => {
    const locked = await createActor(api.dataSource, { username: 'locked', locked: true });
    const requestFrom = async (username: string, uri: string) => {
      const requester = await createRemoteAccount(api.dataSource, {
        username,
        domain: 'bob.example',
        uri: `${bobServer.origin}/users/${username}`,
        inboxUrl: `${bobServer.origin}/users/${username}/inbox`,
        sharedInboxUrl: null,
      });
      await api.dataSource.query(
        `INSERT INTO follow_requests (account_id, target_account_id, uri) VALUES ($1, $2, $3)`,
        [requester.id, locked.account.id, uri],
      );
      return requester;
    };
    const accepted = await requestFrom('asker', `${bobServer.origin}/follows/1`);
    const rejected = await requestFrom('other', `${bobServer.origin}/follows/2`);
    const answer = (requester: Account, verb: string) =>
      api.http
        .post(`/api/v1/follow_requests/${requester.id}/${verb}`)
        .set('Authorization', locked.auth)
        .expect(200);

    await answer(accepted, 'authorize');
    await answer(rejected, 'reject');
    const lockedUri = `${BASE}/users/locked`;
    expect(bobServer.at('/users/asker/inbox').map((r) => r.activity)).toEqual([
      expect.objectContaining({
        type: 'Accept',
        actor: lockedUri,
        object: expect.objectContaining({
          id: `${bobServer.origin}/follows/1`,
          type: 'Follow',
          actor: accepted.uri,
          object: lockedUri,
        }),
      }),
    ]);
    expect(bobServer.at('/users/other/inbox').map((r) => r.activity)).toEqual([
      expect.objectContaining({
        type: 'Reject',
        object: expect.objectContaining({ id: `${bobServer.origin}/follows/2` }),
      }),
    ]);
    expect(bobServer.received.every((r) => r.keyId === `${lockedUri}#main-key`)).toBe(true);
  });

  it('accepts at once the follow of a remote account by an unlocked one', async () => {
    const follower = await createRemoteAccount(api.dataSource, {
      username: 'newfan',
      domain: 'bob.example',
      uri: `${bobServer.origin}/users/newfan`,
      inboxUrl: `${bobServer.origin}/users/newfan/inbox`,
      sharedInboxUrl: null,
    });
    // As the inbox's Follow handler does.
    await api.app.get(FollowService).call(follower, alice.account, { bypassLimit: true });
    expect(only(bobServer)).toMatchObject({
      type: 'Accept',
      actor: ALICE,
      object: { type: 'Follow', actor: follower.uri, object: ALICE },
    });
  });

  it('rejects the Follow of a remote follower it removes', async () => {
    const follower = await createRemoteAccount(api.dataSource, {
      username: 'dropped',
      domain: 'bob.example',
      uri: `${bobServer.origin}/users/dropped`,
      inboxUrl: `${bobServer.origin}/users/dropped/inbox`,
      sharedInboxUrl: null,
    });
    await api.dataSource.query(
      `INSERT INTO follows (account_id, target_account_id, uri) VALUES ($1, $2, $3)`,
      [follower.id, alice.account.id, `${bobServer.origin}/follows/9`],
    );
    await call('post', `/api/v1/accounts/${follower.id}/remove_from_followers`);
    expect(only(bobServer)).toMatchObject({
      type: 'Reject',
      actor: ALICE,
      object: { id: `${bobServer.origin}/follows/9`, actor: follower.uri, object: ALICE },
    });
  });

  it('sends Add and Remove on the featured collection when pinning', async () => {
    const status = await createStatus(api.dataSource, alice.account, {
      visibility: StatusVisibility.Public,
    });
    const uri = `${ALICE}/statuses/${status.id}`;
    await call('post', `/api/v1/statuses/${status.id}/pin`);
    expect(only(followersServer)).toMatchObject({
      type: 'Add',
      actor: ALICE,
      object: uri,
      target: `${ALICE}/collections/featured`,
    });
    followersServer.received.length = 0;
    await call('post', `/api/v1/statuses/${status.id}/unpin`);
    expect(only(followersServer)).toMatchObject({ type: 'Remove', object: uri });
  });

  it('sends the whole actor in an Update when the profile changes', async () => {
    await call('patch', '/api/v1/accounts/update_credentials', { display_name: 'Alice A.' });
    expect(only(followersServer)).toMatchObject({
      type: 'Update',
      actor: ALICE,
      to: [PUBLIC],
      object: {
        id: ALICE,
        type: 'Person',
        name: 'Alice A.',
        publicKey: { id: `${ALICE}#main-key` },
      },
    });
    followersServer.received.length = 0;
    await call('delete', '/api/v1/profile/avatar');
    expect(only(followersServer)).toMatchObject({ type: 'Update', object: { id: ALICE } });
  });

  it('sends Delete of the actor to every server that knew a deleted account', async () => {
    const leaving = await createActor(api.dataSource, { username: 'leaving' });
    const fan = await createRemoteAccount(api.dataSource, {
      domain: 'followers.example',
      uri: `${followersServer.origin}/users/fan3`,
      inboxUrl: `${followersServer.origin}/users/fan3/inbox`,
      sharedInboxUrl: `${followersServer.origin}/inbox`,
    });
    await insertFollow(api.dataSource, fan, leaving.account);
    // Both servers heard from the account before (and keep its key, which goes with it).
    await postStatus(api.http, leaving, { status: 'bye' });
    await api.http
      .post(`/api/v1/accounts/${bob.id}/follow`)
      .set('Authorization', leaving.auth)
      .expect(200);
    followersServer.received.length = 0;
    bobServer.received.length = 0;
    const stored = await api.app.get(AccountRepository).findById(leaving.account.id);
    await api.app.get(DeleteAccountService).call(stored!);

    const actor = `${BASE}/users/leaving`;
    for (const server of [followersServer, bobServer]) {
      expect(server.received.map((r) => [r.activity, r.keyId])).toEqual([
        [
          expect.objectContaining({ id: `${actor}#delete`, type: 'Delete', object: actor }),
          `${actor}#main-key`,
        ],
      ]);
    }
  });
});
