import { randomUUID } from 'node:crypto';
import { Account, DomainBlock, Follow, FollowRequest } from '@nestodon/domain';
import { createLocalAccount } from '@nestodon/testing';
import { ApiHarness } from '../../support/api-harness';
import { accountOfActor, closeApiWithRemote, startApiWithRemote } from '../../support/inbound';
import {
  MASTODON_CONTEXT,
  RemoteActor,
  RemoteInstance,
  signedPost,
} from '../../support/remote-instance';

/**
 * Accounts arriving from a server under a domain block, through the real inbox: silenced at
 * the block's time when the server is silenced (so their follows need approval and lifting the
 * block lifts them), and without avatar or header when its media are rejected.
 */
describe('remote accounts arriving from blocked domains', () => {
  let api: ApiHarness;
  let remote: RemoteInstance;
  let alice: Account;
  let block: DomainBlock;

  beforeAll(async () => {
    ({ api, remote } = await startApiWithRemote());
    ({ account: alice } = await createLocalAccount(api.dataSource, { username: 'alice' }));
    block = await api.dataSource.getRepository(DomainBlock).save({
      domain: remote.host,
      severity: 'silence',
      rejectMedia: true,
    });
  });
  afterAll(() => closeApiWithRemote({ api, remote }));

  const withImages = (username: string) =>
    remote.actor(username, {
      icon: { type: 'Image', url: `${remote.base}/avatars/${username}.png` },
      image: { type: 'Image', url: `${remote.base}/headers/${username}.png` },
    });
  const follow = (actor: RemoteActor) => ({
    '@context': MASTODON_CONTEXT,
    id: `${actor.id}#follows/${randomUUID()}`,
    type: 'Follow',
    actor: actor.id,
    object: 'https://nestodon.test/users/alice',
  });
  const accountOf = (actor: RemoteActor) => accountOfActor(api, actor);

  it('silences a new account of a silenced server, whose follow then waits for approval', async () => {
    const bob = withImages('bob');
    expect((await signedPost(`${api.url}/users/alice/inbox`, follow(bob), bob)).status).toBe(202);
    const account = await accountOf(bob);
    expect(account.silencedAt).toEqual(block.createdAt);
    const pair = { accountId: account.id, targetAccountId: alice.id };
    expect(await api.dataSource.getRepository(FollowRequest).countBy(pair)).toBe(1);
    expect(await api.dataSource.getRepository(Follow).countBy(pair)).toBe(0);
  });

  it('keeps no avatar or header of a server whose media are rejected', async () => {
    const carl = withImages('carl');
    await signedPost(`${api.url}/users/alice/inbox`, follow(carl), carl);
    const account = await accountOf(carl);
    expect(account).toMatchObject({ avatarRemoteUrl: null, headerRemoteUrl: null });
    const res = await api.http.get(`/api/v1/accounts/${account.id}`).expect(200);
    expect(res.body.avatar).toBe('https://nestodon.test/avatars/original/missing.png');
    expect(res.body.header).toBe('https://nestodon.test/headers/original/missing.png');
    expect(remote.requests.filter((path) => /^\/(avatars|headers)\//.test(path))).toEqual([]);
  });

  it('does not silence again an account a moderator unsilenced, when it is refreshed', async () => {
    const dan = withImages('dan');
    await signedPost(`${api.url}/users/alice/inbox`, follow(dan), dan);
    const account = await accountOf(dan);
    await api.dataSource
      .getRepository(Account)
      .update(account.id, { silencedAt: null, lastWebfingeredAt: new Date(0) });
    // A stale account is fetched again when it next sends something.
    await signedPost(`${api.url}/users/alice/inbox`, follow(dan), dan);
    const refreshed = await accountOf(dan);
    expect(refreshed.lastWebfingeredAt!.getTime()).toBeGreaterThan(0);
    expect(refreshed.silencedAt).toBeNull();
  });
});
