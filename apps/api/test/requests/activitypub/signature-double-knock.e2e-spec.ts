import { createRemoteAccount, insertFollow } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../support/api-harness';
import { InboxReceiver } from '../../support/inbox-receiver';
import { Actor, createActor, postStatus } from '../../support/statuses';

const BASE = 'https://nestodon.test';

/**
 * Deliveries double-knock, as Fedify's: signed draft-cavage first (what Mastodon sends), and
 * again by RFC 9421 when a server refuses that with 401; the server's choice is then its first
 * knock. Both servers verify with Fedify's verifier against our actor document.
 */
describe('delivery signatures: draft-cavage, then RFC 9421 where refused', () => {
  let api: ApiHarness;
  let alice: Actor;
  let classic: InboxReceiver;
  let modern: InboxReceiver;

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    classic = await new InboxReceiver(BASE, api.url).start();
    modern = await new InboxReceiver(BASE, api.url).start();
    modern.rfc9421Only = true;
    alice = await createActor(api.dataSource, { username: 'alice' });
    for (const [server, domain] of [
      [classic, 'classic.example'],
      [modern, 'modern.example'],
    ] as const) {
      const fan = await createRemoteAccount(api.dataSource, {
        username: 'fan',
        domain,
        uri: `${server.origin}/users/fan`,
        inboxUrl: `${server.origin}/users/fan/inbox`,
        sharedInboxUrl: `${server.origin}/inbox`,
      });
      await insertFollow(api.dataSource, fan, alice.account);
    }
  });
  afterAll(async () => {
    await api.close();
    await classic.stop();
    await modern.stop();
  });

  it('signs draft-cavage where it is taken, and RFC 9421 after a refusal, remembered', async () => {
    await postStatus(api.http, alice, { status: 'first' });
    expect(classic.received).toEqual([
      expect.objectContaining({ keyId: `${BASE}/users/alice#main-key`, spec: 'draft-cavage' }),
    ]);
    expect(modern.refusedSignatures).toBe(1);
    expect(modern.received).toEqual([
      expect.objectContaining({ keyId: `${BASE}/users/alice#main-key`, spec: 'rfc9421' }),
    ]);
    expect(modern.received[0].headers['content-digest']).toMatch(/^sha-256=:/);

    await postStatus(api.http, alice, { status: 'second' });
    // The second delivery knocks with RFC 9421 at once.
    expect(modern.refusedSignatures).toBe(1);
    expect(modern.received.map((received) => received.spec)).toEqual(['rfc9421', 'rfc9421']);
    expect(classic.received.map((received) => received.spec)).toEqual([
      'draft-cavage',
      'draft-cavage',
    ]);
  });
});
