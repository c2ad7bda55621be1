import { Account } from '@nestodon/domain';
import { createRemoteAccount, createStatus } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../support/api-harness';
import { InboxReceiver } from '../../support/inbox-receiver';
import { person, Person } from '../../support/relationships';

const INSTANCE_ACTOR = 'https://nestodon.test/actor';

/**
 * `POST /api/v1/reports` with `forward=true` about a remote account: a Flag from the instance
 * actor (signed with its key, checked by Fedify's verifier on the receiving side) naming the
 * account and the reported statuses with the comment, to the account's server and to the
 * servers, among `forward_to_domains`, of the accounts the statuses reply to.
 */
describe('reports forwarded over ActivityPub', () => {
  let api: ApiHarness;
  let alice: Person;
  let origin: InboxReceiver;
  let elsewhere: InboxReceiver;
  let mallory: Account;
  let victim: Account;

  const remoteAt = (server: InboxReceiver, username: string) =>
    createRemoteAccount(api.dataSource, {
      username,
      domain: server.host,
      uri: `${server.origin}/users/${username}`,
      inboxUrl: `${server.origin}/users/${username}/inbox`,
      sharedInboxUrl: `${server.origin}/inbox`,
    });

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true, env: { ALLOW_PRIVATE_ADDRESS: 'true' } });
    origin = await new InboxReceiver('https://nestodon.test', api.url).start();
    elsewhere = await new InboxReceiver('https://nestodon.test', api.url).start();
    alice = await person(api.dataSource);
    mallory = await remoteAt(origin, 'mallory');
    victim = await remoteAt(elsewhere, 'victim');
  });
  afterAll(async () => {
    await api.close();
    await origin.stop();
    await elsewhere.stop();
  });

  const report = (body: Record<string, unknown>) =>
    api.http.post('/api/v1/reports').set('Authorization', alice.auth).send(body).expect(200);

  it("sends a Flag to the account's server and to the servers of those it replied to", async () => {
    const reply = await createStatus(api.dataSource, mallory, {
      uri: `${origin.origin}/users/mallory/statuses/1`,
      inReplyToAccountId: victim.id,
    });
    await report({
      account_id: mallory.id,
      status_ids: [reply.id],
      comment: 'harassment',
      forward: true,
      forward_to_domains: [origin.host, elsewhere.host],
    });
    const [flag] = origin.at('/users/mallory/inbox');
    expect(flag.activity).toMatchObject({
      type: 'Flag',
      actor: INSTANCE_ACTOR,
      content: 'harassment',
      object: [mallory.uri, reply.uri],
    });
    expect(flag.keyId).toBe(`${INSTANCE_ACTOR}#main-key`);
    expect(elsewhere.at('/inbox').map(({ activity }) => activity)).toEqual([flag.activity]);
  });

  it('sends nothing unless asked to forward, nor to servers not named', async () => {
    const flagsAtOrigin = () => origin.ofType('Flag').length;
    const before = { origin: flagsAtOrigin(), elsewhere: elsewhere.received.length };
    await report({ account_id: mallory.id, comment: 'kept here' });
    expect(flagsAtOrigin()).toBe(before.origin);
    // Forwarded to the account's own server only, when no domains are named.
    const reply = await createStatus(api.dataSource, mallory, {
      uri: `${origin.origin}/users/mallory/statuses/2`,
      inReplyToAccountId: victim.id,
    });
    await report({ account_id: mallory.id, status_ids: [reply.id], forward: true });
    expect(flagsAtOrigin()).toBe(before.origin + 1);
    expect(elsewhere.received).toHaveLength(before.elsewhere);
  });
});
