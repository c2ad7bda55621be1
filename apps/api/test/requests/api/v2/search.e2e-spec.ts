import { createRemoteAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../../../support/api-harness';
import { Person, person, scopedAuth } from '../../../support/relationships';
import { postStatus } from '../../../support/statuses';

describe('search: GET /api/v2/search and /api/v1/accounts/search', () => {
  let api: ApiHarness;
  let alice: Person;
  let bob: Person;
  let carol: Person;
  let dave: Person;
  /** What alice may find, by name, and everything posted. */
  const visible = new Map<string, string>();
  const hidden = new Map<string, string>();

  const get = (path: string, auth = alice.auth) => api.http.get(path).set('Authorization', auth);
  const search = async (q: string, extra = '') => {
    const res = await get(`/api/v2/search?type=statuses&q=${encodeURIComponent(q)}${extra}`);
    expect(res.status).toBe(200);
    return (res.body.statuses as Array<{ id: string }>).map((status) => status.id);
  };
  const named = (...names: string[]) =>
    names.map((name) => visible.get(name) ?? hidden.get(name) ?? name);

  beforeAll(async () => {
    api = await startApi({ inlineJobs: true });
    alice = await person(api.dataSource, { username: 'alice', displayName: 'Alice Searcher' });
    bob = await person(api.dataSource, { username: 'bob', displayName: 'Bobby', indexable: true });
    carol = await person(api.dataSource, { username: 'carol', displayName: 'Fox Carol' });
    dave = await person(api.dataSource, { username: 'dave', indexable: true });
    const as = async (who: Person, name: string, body: Record<string, unknown>, shown: boolean) => {
      const status = await postStatus(api.http, { ...who, token: '' }, body);
      (shown ? visible : hidden).set(name, status.id);
      return status;
    };
    await as(bob, 'bobPublic', { status: 'The quick brown foxes jumped', language: 'en' }, true);
    await as(bob, 'bobGerman', { status: 'Der schnelle Fuchs', language: 'de' }, true);
    await as(bob, 'bobPrivate', { status: 'a private fox', visibility: 'private' }, false);
    await as(bob, 'bobDirect', { status: '@carol a direct fox', visibility: 'direct' }, false);
    await as(carol, 'carolPublic', { status: 'fox of an unindexable account' }, false);
    await as(carol, 'carolMention', { status: '@alice secret fox', visibility: 'private' }, true);
    const liked = await as(carol, 'carolLiked', { status: 'a liked fox' }, true);
    await get(`/api/v1/statuses/${liked.id}/favourite`).expect(404);
    await api.http
      .post(`/api/v1/statuses/${liked.id}/favourite`)
      .set('Authorization', alice.auth)
      .expect(200);
    const own = await as(
      alice,
      'alicePoll',
      {
        status: 'my fox poll',
        poll: { options: ['yes', 'no'], expires_in: 3600 },
        sensitive: true,
        spoiler_text: 'animals',
      },
      true,
    );
    await as(
      alice,
      'aliceReply',
      { status: 'replying about the fox', in_reply_to_id: own.id },
      true,
    );
    await as(dave, 'davePublic', { status: 'fox from a blocked account' }, false);
    const gone = await as(bob, 'bobDeleted', { status: 'deleted fox' }, false);
    await api.http.delete(`/api/v1/statuses/${gone.id}`).set('Authorization', bob.auth).expect(200);
    await api.http
      .post(`/api/v1/accounts/${dave.account.id}/block`)
      .set('Authorization', alice.auth)
      .expect(200);
  });
  afterAll(() => api.close());

  describe('statuses', () => {
    it('finds words and their stems in what the viewer may search, newest first', async () => {
      expect(await search('fox')).toEqual(
        named('aliceReply', 'alicePoll', 'carolLiked', 'carolMention', 'bobPublic'),
      );
      expect(await search('FOXES')).toContain(visible.get('bobPublic'));
      expect(await search('fuchs language:de')).toEqual(named('bobGerman'));
      expect(await search('"quick brown"')).toEqual(named('bobPublic'));
      expect(await search('"brown quick"')).toEqual([]);
      expect(await search('animals')).toEqual(named('alicePoll'));
    });

    it('applies every operator', async () => {
      expect(await search('fox from:bob')).toEqual(named('bobPublic'));
      expect(await search('fox from:@bob')).toEqual(named('bobPublic'));
      expect(await search('fox from:me')).toEqual(named('aliceReply', 'alicePoll'));
      expect(await search('fox from:nobody@nowhere.example')).toEqual([]);
      expect(await search('fox -from:me')).toEqual(
        named('carolLiked', 'carolMention', 'bobPublic'),
      );
      expect(await search('has:poll')).toEqual(named('alicePoll'));
      expect(await search('fox -has:poll is:reply')).toEqual(named('aliceReply'));
      expect(await search('is:sensitive')).toEqual(named('alicePoll'));
      expect(await search('has:media')).toEqual([]);
      expect(await search('fox in:library')).toEqual(
        named('aliceReply', 'alicePoll', 'carolLiked', 'carolMention'),
      );
      expect(await search('fox in:public')).toEqual(named('bobPublic'));
      expect(await search('fox -jumped')).not.toContain(visible.get('bobPublic'));
      expect(await search('language:de')).toEqual(named('bobGerman'));
      const today = new Date().toISOString().slice(0, 10);
      expect(await search(`fox during:${today}`)).toHaveLength(5);
      expect(await search('fox after:2000-01-01')).toHaveLength(5);
      expect(await search('fox before:2000-01-01')).toEqual([]);
      expect(await search(`fox after:${today}`)).toEqual([]);
    });

    it('never returns what the viewer may not see, whatever the operators', async () => {
      const queries = [
        'fox',
        'fox from:bob',
        'fox from:carol',
        'fox from:dave',
        'fox in:all',
        'fox in:public',
        'fox in:library',
        'fox -has:poll',
        '-is:reply',
        'fox language:en',
        'fox after:2000-01-01',
        'private',
        'direct',
        'deleted',
        'blocked',
        'unindexable',
        'fox -from:me',
      ];
      const allowed = new Set(visible.values());
      for (const q of queries) {
        for (const id of await search(q))
          expect({ q, allowed: allowed.has(id) }).toEqual({ q, allowed: true });
      }
    });

    it('pages with limit, offset, max_id and min_id, and narrows to account_id', async () => {
      const all = await search('fox');
      expect(await search('fox', '&limit=2')).toEqual(all.slice(0, 2));
      expect(await search('fox', '&limit=2&offset=2')).toEqual(all.slice(2, 4));
      expect(await search('fox', `&max_id=${all[1]}`)).toEqual(all.slice(2));
      expect(await search('fox', `&min_id=${all[3]}`)).toEqual(all.slice(0, 3));
      expect(await search('fox', `&account_id=${carol.account.id}`)).toEqual(
        named('carolLiked', 'carolMention'),
      );
    });

    it('is 422 for bad operators and parameters, 400 without q', async () => {
      for (const q of ['before:yesterday', 'during:2024-02-30', 'in:elsewhere']) {
        const res = await get(`/api/v2/search?q=${encodeURIComponent(q)}`);
        expect({ q, status: res.status, body: res.body }).toMatchObject({ q, status: 422 });
        expect(res.body.error).toMatch(/search query/);
      }
      for (const query of ['type=toots', 'offset=-1', 'limit=x', 'account_id=abc', 'max_id=1x']) {
        await get(`/api/v2/search?q=fox&${query}`).expect(422);
      }
      await get('/api/v2/search').expect(400);
      // Unknown prefixes are words (URLs stay searchable).
      expect(await search('https://example.com')).toEqual([]);
    });
  });

  describe('accounts and hashtags', () => {
    it('finds accounts by username prefix, handle and display name, followed first', async () => {
      await api.http
        .post(`/api/v1/accounts/${carol.account.id}/follow`)
        .set('Authorization', alice.auth)
        .expect(200);
      const remote = await createRemoteAccount(api.dataSource, {
        username: 'bobremote',
        domain: 'far.example',
      });
      let res = await get('/api/v2/search?q=bob&type=accounts').expect(200);
      expect(res.body.accounts.map((a: { id: string }) => a.id)).toEqual([
        bob.account.id,
        remote.id,
      ]);
      res = await get('/api/v2/search?q=%40bobremote%40far&type=accounts').expect(200);
      expect(res.body.accounts.map((a: { id: string }) => a.id)).toEqual([remote.id]);
      res = await get('/api/v1/accounts/search?q=fox').expect(200);
      expect(res.body.map((a: { id: string }) => a.id)).toEqual([carol.account.id]);
      res = await get('/api/v1/accounts/search?q=a').expect(200);
      expect(res.body[0].id).toBe(carol.account.id);
      expect(res.body.map((a: { id: string }) => a.id)).not.toContain(dave.account.id);
      res = await get('/api/v1/accounts/search?q=b&following=true').expect(200);
      expect(res.body).toEqual([]);
      res = await get(`/api/v1/accounts/search?q=bob@${'nestodon.test'}`).expect(200);
      expect(res.body.map((a: { id: string }) => a.id)).toEqual([bob.account.id]);
      res = await get('/api/v1/accounts/search?q=bob&limit=1&offset=1').expect(200);
      expect(res.body.map((a: { id: string }) => a.id)).toEqual([remote.id]);
    });

    it('finds hashtags by prefix with history, an exact valid name first', async () => {
      await postStatus(api.http, { ...bob, token: '' }, { status: '#Foxhunt and #foxes' });
      const res = await get('/api/v2/search?q=%23fox&type=hashtags').expect(200);
      expect(res.body.hashtags.map((t: { name: string }) => t.name)).toEqual([
        'fox',
        'foxes',
        'Foxhunt',
      ]);
      expect(res.body.hashtags[1].history).toHaveLength(7);
      expect(res.body.accounts).toEqual([]);
      expect(res.body.statuses).toEqual([]);
      const reviewed = await get('/api/v2/search?q=fox&type=hashtags&exclude_unreviewed=true');
      expect(reviewed.body.hashtags.map((t: { name: string }) => t.name)).toEqual(['fox']);
    });
  });

  describe('access', () => {
    it('without a token: accounts and hashtags only, no offset or resolve', async () => {
      const res = await api.http.get('/api/v2/search?q=fox').expect(200);
      expect(res.body.statuses).toEqual([]);
      expect(res.body.accounts.map((a: { id: string }) => a.id)).toEqual([carol.account.id]);
      await api.http.get('/api/v2/search?q=fox&offset=1').expect(401);
      await api.http.get('/api/v2/search?q=fox&resolve=true').expect(401);
      await api.http.get('/api/v1/accounts/search?q=fox').expect(401);
    });

    it('needs read:search and read:accounts scopes', async () => {
      const statusesOnly = await scopedAuth(api.dataSource, alice, 'read:statuses');
      await get('/api/v2/search?q=fox', statusesOnly).expect(403);
      await get('/api/v1/accounts/search?q=fox', statusesOnly).expect(403);
      await get(
        '/api/v2/search?q=fox',
        await scopedAuth(api.dataSource, alice, 'read:search'),
      ).expect(200);
    });

    it('is 400 without q and 422 for bad parameters on accounts search', async () => {
      await get('/api/v1/accounts/search').expect(400);
      await get('/api/v1/accounts/search?q=a&limit=x').expect(422);
    });
  });
});
