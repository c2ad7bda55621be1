import { randomUUID } from 'node:crypto';
import { DeliveryFailureTracker, FAILURE_DAYS_THRESHOLD } from '@nestodon/activitypub/federation';
import { FollowService } from '@nestodon/core';
import { Account, AccountDomainBlock, Block, Follow, FollowRequest } from '@nestodon/domain';
import { createLocalAccount } from '@nestodon/testing';
import { ApiHarness } from '../../support/api-harness';
import { accountOfActor, closeApiWithRemote, startApiWithRemote } from '../../support/inbound';
import { InboxReceiver } from '../../support/inbox-receiver';
import {
  MASTODON_CONTEXT,
  RemoteActor,
  RemoteInstance,
  signedPost,
} from '../../support/remote-instance';

const ALICE = 'https://nestodon.test/users/alice';

/**
 * Follows across servers through the real inbox, with deliveries to a real inbox on loopback
 * (jobs inline): a Follow the local account refuses is answered with a Reject, an accepted one
 * with an Accept naming the remote Follow; the answers to our own follows are taken in; and a
 * server that sends to us is delivered to again.
 */
describe('follows over ActivityPub', () => {
  let api: ApiHarness;
  let remote: RemoteInstance;
  let receiver: InboxReceiver;
  let alice: Account;

  beforeAll(async () => {
    ({ api, remote } = await startApiWithRemote());
    receiver = await new InboxReceiver('https://nestodon.test', api.url).start();
    ({ account: alice } = await createLocalAccount(api.dataSource, { username: 'alice' }));
  });
  afterAll(async () => {
    await closeApiWithRemote({ api, remote });
    await receiver.stop();
  });

  /** A remote actor whose inbox is the receiver's. */
  const remoteActor = (username: string) =>
    remote.actor(username, {
      inbox: `${receiver.origin}/users/${username}/inbox`,
      endpoints: {},
    });
  const accountOf = (actor: RemoteActor) => accountOfActor(api, actor);
  const follow = (actor: RemoteActor) => ({
    '@context': MASTODON_CONTEXT,
    id: `${actor.id}#follows/${randomUUID()}`,
    type: 'Follow',
    actor: actor.id,
    object: ALICE,
  });
  const answersTo = (actor: RemoteActor, type: 'Accept' | 'Reject') =>
    receiver
      .at(`/users/${actor.username}/inbox`)
      .map(({ activity }) => activity)
      .filter((activity) => activity.type === type);

  it('accepts a follow with an Accept naming the Follow, again when it is sent again', async () => {
    const carl = remoteActor('carl');
    const followed = follow(carl);
    expect((await signedPost(`${api.url}/users/alice/inbox`, followed, carl)).status).toBe(202);
    const [accept] = answersTo(carl, 'Accept');
    expect(accept).toMatchObject({ actor: ALICE, object: { id: followed.id, actor: carl.id } });
    const again = follow(carl);
    await signedPost(`${api.url}/users/alice/inbox`, again, carl);
    expect(answersTo(carl, 'Accept').map((answer) => answer.object)).toMatchObject([
      { id: followed.id },
      { id: again.id },
    ]);
  });

  it('rejects a follow from an account the local account blocks, or whose domain it blocks', async () => {
    const dora = remoteActor('dora');
    await signedPost(`${api.url}/users/alice/inbox`, follow(dora), dora);
    const doraAccount = await accountOf(dora);
    await api.dataSource.getRepository(Follow).delete({ accountId: doraAccount.id });
    await api.dataSource
      .getRepository(Block)
      .save({ accountId: alice.id, targetAccountId: doraAccount.id });
    const refused = follow(dora);
    expect((await signedPost(`${api.url}/users/alice/inbox`, refused, dora)).status).toBe(202);
    expect(answersTo(dora, 'Reject')).toMatchObject([
      { actor: ALICE, object: { id: refused.id, actor: dora.id, object: ALICE } },
    ]);
    expect(await api.dataSource.getRepository(Follow).countBy({ accountId: doraAccount.id })).toBe(
      0,
    );

    await api.dataSource.getRepository(AccountDomainBlock).save({
      accountId: alice.id,
      domain: remote.host,
    });
    try {
      const erin = remoteActor('erin');
      await signedPost(`${api.url}/users/alice/inbox`, follow(erin), erin);
      expect(answersTo(erin, 'Reject')).toHaveLength(1);
      expect(answersTo(erin, 'Accept')).toHaveLength(0);
    } finally {
      await api.dataSource.getRepository(AccountDomainBlock).clear();
    }
  });

  it("takes in the Accept and the Reject of a local account's follow requests", async () => {
    const fay = remoteActor('fay');
    const gus = remoteActor('gus');
    // Their accounts become known here through a Follow of their own.
    for (const actor of [fay, gus]) {
      await signedPost(`${api.url}/users/alice/inbox`, follow(actor), actor);
    }
    const [fayAccount, gusAccount] = [await accountOf(fay), await accountOf(gus)];
    const follows = api.app.get(FollowService);
    await follows.call(alice, fayAccount);
    await follows.call(alice, gusAccount);
    const answer = (actor: RemoteActor, type: 'Accept' | 'Reject') => ({
      '@context': MASTODON_CONTEXT,
      id: `${actor.id}#answers/${randomUUID()}`,
      type,
      actor: actor.id,
      object: { id: `${ALICE}#follows/1`, type: 'Follow', actor: ALICE, object: actor.id },
    });
    await signedPost(`${api.url}/users/alice/inbox`, answer(fay, 'Accept'), fay);
    await signedPost(`${api.url}/users/alice/inbox`, answer(gus, 'Reject'), gus);
    const pair = (target: Account) => ({ accountId: alice.id, targetAccountId: target.id });
    expect(await api.dataSource.getRepository(Follow).countBy(pair(fayAccount))).toBe(1);
    expect(await api.dataSource.getRepository(Follow).countBy(pair(gusAccount))).toBe(0);
    expect(await api.dataSource.getRepository(FollowRequest).countBy(pair(gusAccount))).toBe(0);
  });

  it('delivers again to a server marked unavailable once it sends us an activity', async () => {
    const tracker = api.app.get(DeliveryFailureTracker);
    for (let day = 0; day < FAILURE_DAYS_THRESHOLD; day++) {
      await tracker.trackFailure(remote.host, new Date(Date.UTC(2026, 0, 1 + day)));
    }
    expect((await tracker.state(remote.host)).unavailable).toBe(true);
    const hal = remoteActor('hal');
    expect((await signedPost(`${api.url}/users/alice/inbox`, follow(hal), hal)).status).toBe(202);
    expect(await tracker.state(remote.host)).toEqual({ unavailable: false, failing: false });
  });
});
