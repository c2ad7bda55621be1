import { randomUUID } from 'node:crypto';
import { Temporal } from '@js-temporal/polyfill';
import { signRequest } from '@fedify/fedify';
import {
  Account,
  Favourite,
  DomainBlock,
  Follow,
  FollowRequest,
  Report,
  Status,
  StatusVisibility,
  User,
} from '@nestodon/domain';
import { createAccessToken, createLocalAccount, createStatus } from '@nestodon/testing';
import { ApiHarness } from '../../support/api-harness';
import { accountOfActor, closeApiWithRemote, startApiWithRemote } from '../../support/inbound';
import {
  MASTODON_CONTEXT,
  RemoteActor,
  RemoteInstance,
  signedPost,
} from '../../support/remote-instance';

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';

describe('POST /users/:name/inbox and /inbox', () => {
  let api: ApiHarness;
  let remote: RemoteInstance;
  let alice: Account;
  let aliceUser: User;
  let aliceToken: string;
  let locked: Account;
  let mallory: RemoteActor;
  let bob: RemoteActor;

  beforeAll(async () => {
    ({ api, remote } = await startApiWithRemote());
    const created = await createLocalAccount(api.dataSource, { username: 'alice' });
    alice = created.account;
    aliceUser = created.user;
    aliceToken = `Bearer ${await createAccessToken(api.dataSource, { user: created.user, scopes: 'read' })}`;
    ({ account: locked } = await createLocalAccount(api.dataSource, {
      username: 'lock',
      locked: true,
    }));
    bob = remote.actor('bob');
    mallory = remote.actor('mallory');
  });
  afterAll(() => closeApiWithRemote({ api, remote }));

  const inbox = (username = 'alice') => `${api.url}/users/${username}/inbox`;
  const sharedInbox = () => `${api.url}/inbox`;
  const localActor = (username: string) => `${api.config.instance.baseUrl}/users/${username}`;
  const activityId = (actor: RemoteActor) => `${actor.id}#activities/${randomUUID()}`;
  const accountOf = (actor: RemoteActor) => accountOfActor(api, actor);
  const follow = (actor: RemoteActor, target = 'alice') => ({
    '@context': MASTODON_CONTEXT,
    id: activityId(actor),
    type: 'Follow',
    actor: actor.id,
    object: localActor(target),
  });
  const note = (actor: RemoteActor, extra: Record<string, unknown> = {}) => {
    const id = `${actor.id}/statuses/${randomUUID()}`;
    return {
      id,
      type: 'Note',
      attributedTo: actor.id,
      content: '<p>Hello <script>x()</script>#<a href="https://t/tags/cats">cats</a></p>',
      published: '2026-01-02T03:04:05Z',
      to: [PUBLIC],
      cc: [`${actor.id}/followers`],
      url: `${remote.base}/@${actor.username}/1`,
      tag: [{ type: 'Hashtag', name: '#cats', href: `${remote.base}/tags/cats` }],
      ...extra,
    };
  };
  const create = (actor: RemoteActor, object: Record<string, unknown>) => ({
    '@context': MASTODON_CONTEXT,
    id: `${object.id}/activity`,
    type: 'Create',
    actor: actor.id,
    published: object.published,
    to: object.to,
    cc: object.cc,
    object,
  });
  const statusByUri = (uri: string) =>
    api.dataSource.getRepository(Status).findOne({ where: { uri }, withDeleted: true });

  describe('signatures', () => {
    it('is 401 without a signature', async () => {
      const res = await signedPost(inbox(), follow(bob), bob, { unsigned: true });
      expect(res.status).toBe(401);
    });

    it('is 401 signed with a key that is not the published one', async () => {
      const impostor = remote.actor('impostor');
      const res = await signedPost(inbox(), follow(bob), bob, {
        signAs: { keyId: bob.keyId, privateKey: impostor.privateKey },
      });
      expect(res.status).toBe(401);
    });

    it('is 401 when the body does not match the signed digest', async () => {
      const res = await signedPost(inbox(), follow(bob), bob, {
        tamper: (headers) => {
          headers.digest = 'SHA-256=' + Buffer.alloc(32).toString('base64');
        },
      });
      expect(res.status).toBe(401);
    });

    it('is 401 with a signature made hours ago', async () => {
      const body = JSON.stringify(follow(bob));
      const signed = await signRequest(
        new Request(inbox(), {
          method: 'POST',
          headers: { 'Content-Type': 'application/activity+json' },
          body,
        }),
        bob.privateKey,
        new URL(bob.keyId),
        {
          spec: 'draft-cavage-http-signatures-12',
          currentTime: Temporal.Now.instant().subtract({ hours: 3 }),
        },
      );
      const res = await fetch(inbox(), {
        method: 'POST',
        headers: Object.fromEntries(signed.headers),
        body,
      });
      expect(res.status).toBe(401);
    });

    it('is 202 signed by RFC 9421 (HTTP Message Signatures) as well as draft-cavage', async () => {
      const rena = remote.actor('rena');
      // To the locked account: the request it makes proves the activity was taken, and the
      // follows of alice counted below stay as they are.
      const body = JSON.stringify(follow(rena, 'lock'));
      // RFC 9421 signs the whole target URI: the one the sender knows is the public one.
      const signed = await signRequest(
        new Request('https://nestodon.test/users/lock/inbox', {
          method: 'POST',
          headers: { 'Content-Type': 'application/activity+json' },
          body,
        }),
        rena.privateKey,
        new URL(rena.keyId),
        { spec: 'rfc9421' },
      );
      expect(signed.headers.get('signature-input')).toContain(rena.keyId);
      // Sent as a server reaching us by our name would: with our Host (the signature covers it).
      await api.http
        .post('/users/lock/inbox')
        .set(Object.fromEntries(signed.headers))
        .send(body)
        .expect(202);
      const requests = await api.dataSource
        .getRepository(FollowRequest)
        .countBy({ accountId: (await accountOf(rena)).id, targetAccountId: locked.id });
      expect(requests).toBe(1);
    });

    it('is 403 when the signer is not the actor of the activity', async () => {
      const res = await signedPost(inbox(), follow(bob), bob, {
        signAs: { keyId: mallory.keyId, privateKey: mallory.privateKey },
      });
      expect(res.status).toBe(403);
      expect(
        await api.dataSource.getRepository(Follow).countBy({ targetAccountId: alice.id }),
      ).toBe(0);
    });

    it('is 413 for a body over the size limit', async () => {
      const huge = { ...follow(bob), padding: 'x'.repeat(1024 * 1024) };
      const res = await signedPost(inbox(), huge, bob);
      expect(res.status).toBe(413);
    });
  });

  describe('Follow, Undo', () => {
    it('is 202 and makes the follow, processed once however often it is delivered', async () => {
      const activity = follow(bob);
      expect((await signedPost(inbox(), activity, bob)).status).toBe(202);
      // A replay of the same delivery is accepted but not processed again.
      expect((await signedPost(inbox(), activity, bob)).status).toBe(202);
      const account = await accountOf(bob);
      expect(account).toMatchObject({ username: 'bob', domain: remote.host });
      const follows = await api.dataSource
        .getRepository(Follow)
        .findBy({ accountId: account.id, targetAccountId: alice.id });
      expect(follows).toHaveLength(1);
    });

    it('makes a follow request of a follow of a locked account', async () => {
      const carl = remote.actor('carl');
      expect((await signedPost(inbox('lock'), follow(carl, 'lock'), carl)).status).toBe(202);
      const account = await accountOf(carl);
      expect(
        await api.dataSource
          .getRepository(FollowRequest)
          .countBy({ accountId: account.id, targetAccountId: locked.id }),
      ).toBe(1);
      expect(
        await api.dataSource
          .getRepository(Follow)
          .countBy({ accountId: account.id, targetAccountId: locked.id }),
      ).toBe(0);
    });

    it('ends the follow on Undo by the follower, not by anyone else', async () => {
      const dan = remote.actor('dan');
      const followed = follow(dan);
      await signedPost(sharedInbox(), followed, dan);
      const undo = (actor: RemoteActor) => ({
        '@context': MASTODON_CONTEXT,
        id: activityId(actor),
        type: 'Undo',
        actor: actor.id,
        object: followed,
      });
      expect((await signedPost(sharedInbox(), undo(mallory), mallory)).status).toBe(202);
      const account = await accountOf(dan);
      const repo = api.dataSource.getRepository(Follow);
      expect(await repo.countBy({ accountId: account.id, targetAccountId: alice.id })).toBe(1);
      expect((await signedPost(sharedInbox(), undo(dan), dan)).status).toBe(202);
      expect(await repo.countBy({ accountId: account.id, targetAccountId: alice.id })).toBe(0);
    });
  });

  describe('Accept, Reject', () => {
    /** Alice's pending follow of a locked remote actor (made through the API) and its id. */
    const requestFollow = async (actor: RemoteActor) => {
      const auth = `Bearer ${await createAccessToken(api.dataSource, { user: aliceUser, scopes: 'read follow' })}`;
      const account = await api.http
        .get('/api/v1/accounts/lookup')
        .query({ acct: `${actor.username}@${remote.host}` })
        .set('Authorization', auth)
        .expect(200);
      await api.http
        .post(`/api/v1/accounts/${account.body.id}/follow`)
        .set('Authorization', auth)
        .expect(200);
      const request = await api.dataSource
        .getRepository(FollowRequest)
        .findOneByOrFail({ accountId: alice.id, targetAccountId: account.body.id });
      return {
        targetId: account.body.id as string,
        followId: `${localActor('alice')}#follows/${request.id}`,
      };
    };
    const answer = (type: string, actor: RemoteActor, object: unknown) => ({
      '@context': MASTODON_CONTEXT,
      id: activityId(actor),
      type,
      actor: actor.id,
      object,
    });
    const relation = async (targetAccountId: string) => ({
      following: await api.dataSource
        .getRepository(Follow)
        .countBy({ accountId: alice.id, targetAccountId }),
      requested: await api.dataSource
        .getRepository(FollowRequest)
        .countBy({ accountId: alice.id, targetAccountId }),
    });

    it("begins a follow on its target's Accept quoting our Follow, not on anyone else's", async () => {
      const erin = remote.actor('erin', { manuallyApprovesFollowers: true });
      const { targetId, followId } = await requestFollow(erin);
      // Mastodon's shape: our Follow embedded (its id on our origin, not the answer's).
      const ourFollow = {
        id: followId,
        type: 'Follow',
        actor: localActor('alice'),
        object: erin.id,
      };
      await signedPost(sharedInbox(), answer('Accept', mallory, ourFollow), mallory);
      expect(await relation(targetId)).toEqual({ following: 0, requested: 1 });
      expect((await signedPost(inbox(), answer('Accept', erin, ourFollow), erin)).status).toBe(202);
      expect(await relation(targetId)).toEqual({ following: 1, requested: 0 });
    });

    it("ends a follow request on its target's Reject naming our Follow by id", async () => {
      const finn = remote.actor('finn', { manuallyApprovesFollowers: true });
      const { targetId, followId } = await requestFollow(finn);
      expect((await signedPost(inbox(), answer('Reject', finn, followId), finn)).status).toBe(202);
      expect(await relation(targetId)).toEqual({ following: 0, requested: 0 });
    });
  });

  describe('Create, Delete', () => {
    it("stores a public status with sanitised HTML, hashtags, url apart from uri, in the follower's home", async () => {
      // Alice follows bob, so his status reaches her home timeline through fan-out.
      const bobAccount = await accountOf(bob);
      await api.dataSource
        .getRepository(Follow)
        .insert({ accountId: alice.id, targetAccountId: bobAccount.id });
      // Her home feed exists once read (built from PostgreSQL), so fan-out writes into it.
      await api.http.get('/api/v1/timelines/home').set('Authorization', aliceToken);
      const object = note(bob);
      expect((await signedPost(sharedInbox(), create(bob, object), bob)).status).toBe(202);
      const status = (await statusByUri(object.id))!;
      expect(status).toMatchObject({
        accountId: bobAccount.id,
        visibility: StatusVisibility.Public,
        url: object.url,
        local: false,
      });
      expect(status.contentHtml).not.toContain('script');
      expect(status.contentHtml).toContain('rel="nofollow noopener"');
      const res = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
      expect(res.body).toMatchObject({
        uri: object.id,
        url: object.url,
        account: { acct: `bob@${remote.host}` },
        tags: [{ name: 'cats' }],
        visibility: 'public',
        created_at: '2026-01-02T03:04:05.000Z',
      });
      const home = await api.http
        .get('/api/v1/timelines/home')
        .set('Authorization', aliceToken)
        .expect(200);
      expect(home.body.map((item: { id: string }) => item.id)).toContain(status.id);
    });

    it('reads addressing as visibility: unlisted, followers-only and direct', async () => {
      const cases: Array<[Record<string, unknown>, StatusVisibility]> = [
        [{ to: [`${bob.id}/followers`], cc: [PUBLIC] }, StatusVisibility.Unlisted],
        [{ to: [`${bob.id}/followers`], cc: [] }, StatusVisibility.Private],
        [
          {
            to: [localActor('alice')],
            cc: [],
            tag: [{ type: 'Mention', href: localActor('alice'), name: '@alice' }],
          },
          StatusVisibility.Direct,
        ],
      ];
      for (const [addressing, visibility] of cases) {
        const object = note(bob, addressing);
        await signedPost(sharedInbox(), create(bob, object), bob);
        expect((await statusByUri(object.id))?.visibility).toBe(visibility);
      }
    });

    it('fetches an object from its origin when the signer is not its author', async () => {
      const original = note(bob, { content: '<p>the real text</p>' });
      remote.put(original.id, { '@context': MASTODON_CONTEXT, ...original });
      const forged = { ...original, content: '<p>forged</p>' };
      expect((await signedPost(sharedInbox(), create(mallory, forged), mallory)).status).toBe(202);
      const status = (await statusByUri(original.id))!;
      expect(status.contentHtml).toBe('<p>the real text</p>');
      expect(status.accountId).toBe((await accountOf(bob)).id);
    });

    it('fetches the missing parent of a reply', async () => {
      const parent = note(bob, { content: '<p>parent</p>' });
      remote.put(parent.id, { '@context': MASTODON_CONTEXT, ...parent });
      const reply = note(bob, { inReplyTo: parent.id, content: '<p>reply</p>' });
      await signedPost(sharedInbox(), create(bob, reply), bob);
      const [stored, storedParent] = [await statusByUri(reply.id), await statusByUri(parent.id)];
      expect(storedParent).not.toBeNull();
      expect(stored?.inReplyToId).toBe(storedParent!.id);
    });

    it("deletes a status on its author's Delete, and not on anyone else's", async () => {
      const object = note(bob);
      await signedPost(sharedInbox(), create(bob, object), bob);
      const deletion = (actor: RemoteActor) => ({
        '@context': MASTODON_CONTEXT,
        id: activityId(actor),
        type: 'Delete',
        actor: actor.id,
        object: { id: object.id, type: 'Tombstone' },
      });
      const eve = remote.actor('eve');
      await signedPost(sharedInbox(), deletion(eve), eve);
      expect((await statusByUri(object.id))?.deletedAt).toBeNull();
      await signedPost(sharedInbox(), deletion(bob), bob);
      expect((await statusByUri(object.id))?.deletedAt).not.toBeNull();
    });

    it('ignores a Create that arrives after its Delete', async () => {
      const object = note(bob);
      await signedPost(
        sharedInbox(),
        {
          '@context': MASTODON_CONTEXT,
          id: activityId(bob),
          type: 'Delete',
          actor: bob.id,
          object: object.id,
        },
        bob,
      );
      expect((await signedPost(sharedInbox(), create(bob, object), bob)).status).toBe(202);
      expect(await statusByUri(object.id)).toBeNull();
    });
  });

  describe('Like, Announce', () => {
    it('favourites and boosts a local public status, and undoes both', async () => {
      const status = await createStatus(api.dataSource, alice, { text: 'hi' });
      const uri = `${api.config.instance.baseUrl}/users/alice/statuses/${status.id}`;
      const like = {
        '@context': MASTODON_CONTEXT,
        id: activityId(bob),
        type: 'Like',
        actor: bob.id,
        object: uri,
      };
      const announce = {
        '@context': MASTODON_CONTEXT,
        id: activityId(bob),
        type: 'Announce',
        actor: bob.id,
        object: uri,
        to: [PUBLIC],
        published: '2026-01-02T03:04:05Z',
      };
      await signedPost(inbox(), like, bob);
      await signedPost(inbox(), announce, bob);
      let res = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
      expect(res.body).toMatchObject({ favourites_count: 1, reblogs_count: 1 });
      const bobAccount = await accountOf(bob);
      expect(
        await api.dataSource
          .getRepository(Favourite)
          .countBy({ accountId: bobAccount.id, statusId: status.id }),
      ).toBe(1);
      for (const undone of [like, announce]) {
        const undo = {
          '@context': MASTODON_CONTEXT,
          id: activityId(bob),
          type: 'Undo',
          actor: bob.id,
          object: undone,
        };
        expect((await signedPost(inbox(), undo, bob)).status).toBe(202);
      }
      res = await api.http.get(`/api/v1/statuses/${status.id}`).expect(200);
      expect(res.body).toMatchObject({ favourites_count: 0, reblogs_count: 0 });
    });
  });

  describe('Update, Add, Remove, rotated keys', () => {
    it('edits a status with its history, and takes a profile update from the actor', async () => {
      const object = note(bob, { content: '<p>first</p>' });
      await signedPost(sharedInbox(), create(bob, object), bob);
      const edited = { ...object, content: '<p>second</p>', updated: '2026-01-03T00:00:00Z' };
      const update = (payload: Record<string, unknown>) => ({
        '@context': MASTODON_CONTEXT,
        id: activityId(bob),
        type: 'Update',
        actor: bob.id,
        object: payload,
      });
      expect((await signedPost(sharedInbox(), update(edited), bob)).status).toBe(202);
      const status = (await statusByUri(object.id))!;
      expect(status.contentHtml).toBe('<p>second</p>');
      const history = await api.http.get(`/api/v1/statuses/${status.id}/history`).expect(200);
      expect(history.body.map((version: { content: string }) => version.content)).toEqual([
        '<p>first</p>',
        '<p>second</p>',
      ]);

      bob.document.name = 'Bob Renamed';
      await signedPost(sharedInbox(), update({ ...bob.document, name: 'ignored copy' }), bob);
      expect((await accountOf(bob)).displayName).toBe('Bob Renamed');
    });

    it('pins and unpins on Add and Remove to the featured collection', async () => {
      const fay = remote.actor('fay', {
        featured: `${remote.base}/users/fay/collections/featured`,
      });
      const object = note(fay);
      await signedPost(sharedInbox(), create(fay, object), fay);
      const featured = (type: 'Add' | 'Remove') => ({
        '@context': MASTODON_CONTEXT,
        id: activityId(fay),
        type,
        actor: fay.id,
        object: object.id,
        target: `${remote.base}/users/fay/collections/featured`,
      });
      const account = await accountOf(fay);
      const pinned = async () =>
        (await api.http.get(`/api/v1/accounts/${account.id}/statuses`).query({ pinned: true }))
          .body as unknown[];
      await signedPost(sharedInbox(), featured('Add'), fay);
      expect(await pinned()).toHaveLength(1);
      await signedPost(sharedInbox(), featured('Remove'), fay);
      expect(await pinned()).toHaveLength(0);
    });

    it('fetches a rotated key again once and accepts the new signature', async () => {
      const gil = remote.actor('gil');
      expect((await signedPost(inbox(), follow(gil), gil)).status).toBe(202);
      // The key is cached now; gil rotates it and signs with the new one.
      const rotated = remote.actor('gil');
      expect((await signedPost(inbox(), follow(rotated), rotated)).status).toBe(202);
      // The old key no longer verifies.
      expect((await signedPost(inbox(), follow(gil), gil)).status).toBe(401);
    });
  });

  describe('Flag', () => {
    it('files a report by the signer about the local account and its statuses', async () => {
      const status = await createStatus(api.dataSource, alice, { text: 'reported' });
      const moderator = remote.actor('moderator', { type: 'Application' });
      const flag = {
        '@context': MASTODON_CONTEXT,
        id: activityId(moderator),
        type: 'Flag',
        actor: moderator.id,
        content: 'spam',
        object: [localActor('alice'), `${localActor('alice')}/statuses/${status.id}`],
      };
      expect((await signedPost(sharedInbox(), flag, moderator)).status).toBe(202);
      const reporter = await accountOf(moderator);
      expect(
        await api.dataSource.getRepository(Report).findOneBy({ accountId: reporter.id }),
      ).toMatchObject({ targetAccountId: alice.id, comment: 'spam', statusIds: [status.id] });
    });
  });
  describe('instance domain blocks', () => {
    afterEach(() => api.dataSource.getRepository(DomainBlock).clear());

    it("drops a suspended server's activities, and a reject_reports server's reports", async () => {
      await api.dataSource
        .getRepository(DomainBlock)
        .save({ domain: remote.host, severity: 'suspend' });
      const mallory = remote.actor('mallory');
      const followsOfAlice = () =>
        api.dataSource.getRepository(Follow).countBy({ targetAccountId: alice.id });
      const before = await followsOfAlice();
      expect((await signedPost(inbox(), follow(mallory), mallory)).status).toBe(202);
      expect(await followsOfAlice()).toBe(before);

      await api.dataSource.getRepository(DomainBlock).clear();
      await api.dataSource
        .getRepository(DomainBlock)
        .save({ domain: remote.host, severity: 'noop', rejectReports: true });
      const reporter = remote.actor('reporter', { type: 'Application' });
      const flag = {
        '@context': MASTODON_CONTEXT,
        id: activityId(reporter),
        type: 'Flag',
        actor: reporter.id,
        content: 'not taken',
        object: [localActor('alice')],
      };
      expect((await signedPost(sharedInbox(), flag, reporter)).status).toBe(202);
      expect(await api.dataSource.getRepository(Report).countBy({ comment: 'not taken' })).toBe(0);
    });
  });
});
