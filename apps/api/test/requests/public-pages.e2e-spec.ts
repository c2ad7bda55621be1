import { CustomEmoji } from '@nestodon/domain';
import { createAccountWithToken, createLocalAccount } from '@nestodon/testing';
import { ApiHarness, startApi } from '../support/api-harness';

describe('public pages and feeds', () => {
  let api: ApiHarness;
  let base: string;
  const posted: Record<string, string> = {};

  async function post(auth: string, status: string, extra: Record<string, unknown> = {}) {
    const res = await api.http
      .post('/api/v1/statuses')
      .set('Authorization', auth)
      .send({ status, ...extra })
      .expect(200);
    return res.body.id as string;
  }

  beforeAll(async () => {
    api = await startApi();
    base = api.config.instance.baseUrl;
    await api.dataSource
      .getRepository(CustomEmoji)
      .save({ shortcode: 'blobcat', imageFileName: 'b.png' });
    const alice = await createAccountWithToken(api.dataSource, {
      username: 'alice',
      displayName: 'Alice :blobcat:',
      note: 'Hello, I write <things>',
      fields: [{ name: 'Site', value: 'https://alice.example' }],
    });
    posted.public = await post(alice.auth, 'A public post about #Gardening :blobcat:');
    posted.unlisted = await post(alice.auth, 'quietly unlisted', { visibility: 'unlisted' });
    posted.private = await post(alice.auth, 'secret for followers', { visibility: 'private' });
    posted.direct = await post(alice.auth, 'a direct one', { visibility: 'direct' });
    posted.cw = await post(alice.auth, 'behind a warning', { spoiler_text: 'Spoilers' });
    const bob = await createAccountWithToken(api.dataSource, { username: 'bob' });
    posted.bob = await post(bob.auth, "bob's #gardening too");
    posted.reply = await post(alice.auth, '@bob a reply to bob', { in_reply_to_id: posted.bob });
    posted.selfReply = await post(alice.auth, 'a thread of mine', {
      in_reply_to_id: posted.public,
    });
    await api.dataSource.query(
      `UPDATE users SET settings = settings || '{"noindex": true}'::jsonb
        WHERE account_id = $1`,
      [bob.account.id],
    );
  });
  afterAll(() => api.close());

  it('/@alice is an HTML profile with OpenGraph, rel=me fields and public posts only', async () => {
    const res = await api.http.get('/@alice').set('Accept', 'text/html').expect(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers.vary).toMatch(/Accept/);
    const page = res.text;
    expect(page).toContain('<meta property="og:type" content="profile" />');
    expect(page).toContain(`<meta property="og:url" content="${base}/@alice" />`);
    expect(page).toContain('og:title');
    expect(page).toContain(
      `<link rel="alternate" type="application/activity+json" href="${base}/users/alice" />`,
    );
    expect(page).toContain(`href="${base}/@alice.rss"`);
    expect(page).toMatch(/<a [^>]*href="https:\/\/alice\.example"[^>]*rel="[^"]*\bme\b/);
    expect(page).toContain('Hello, I write &lt;things&gt;');
    expect(page).toMatch(
      /<img class="emoji" src="[^"]+\/custom_emojis\/images\/[^"]+" alt=":blobcat:"/,
    );
    expect(page).not.toContain('<script');
    expect(page).not.toContain('noindex');
    expect(page).toContain('A public post about');
    expect(page).toContain('quietly unlisted');
    // Threads of one's own stay, as Mastodon's exclude_replies keeps them.
    expect(page).toContain('a thread of mine');
    expect(page).toMatch(/<summary>\s*Spoilers\s*<\/summary>/);
    for (const hidden of ['secret for followers', 'a direct one', 'a reply to bob']) {
      expect(page).not.toContain(hidden);
    }
  });

  it('answers ActivityPub at the same addresses when asked for it', async () => {
    const actor = await api.http
      .get('/@alice')
      .set('Accept', 'application/activity+json')
      .expect(200);
    expect(JSON.parse(actor.text)).toMatchObject({ type: 'Person', id: `${base}/users/alice` });
    const note = await api.http
      .get(`/@alice/${posted.public}`)
      .set('Accept', 'application/activity+json')
      .expect(200);
    expect(JSON.parse(note.text)).toMatchObject({ type: 'Note' });
    // Browsers asking for the ActivityPub ids are sent to the pages.
    await api.http
      .get('/users/alice')
      .set('Accept', 'text/html')
      .expect(302)
      .expect('Location', '/@alice');
  });

  it('/@alice/:id shows a public or unlisted post, and nothing else', async () => {
    const res = await api.http.get(`/@alice/${posted.public}`).expect(200);
    expect(res.text).toContain('<meta property="og:type" content="article" />');
    expect(res.text).toContain(
      `<meta property="og:url" content="${base}/@alice/${posted.public}" />`,
    );
    expect(res.text).toContain('A public post about');
    await api.http.get(`/@alice/${posted.unlisted}`).expect(200);
    for (const id of [posted.private, posted.direct, posted.bob, '999999', 'nope']) {
      await api.http.get(`/@alice/${id}`).expect(404);
    }
  });

  it('marks pages of users who asked not to be indexed', async () => {
    const res = await api.http.get('/@bob').expect(200);
    expect(res.text).toContain('<meta name="robots" content="noindex, noarchive" />');
    const post = await api.http.get(`/@bob/${posted.bob}`).expect(200);
    expect(post.text).toContain('noindex');
  });

  it('answers 404 for unknown, unconfirmed and suspended accounts', async () => {
    await createLocalAccount(api.dataSource, { username: 'pending' }, { confirmedAt: null });
    await createLocalAccount(api.dataSource, { username: 'gone', suspendedAt: new Date() });
    for (const name of ['nobody', 'pending', 'gone', 'bad-name']) {
      await api.http.get(`/@${name}`).expect(404);
      await api.http.get(`/@${name}.rss`).expect(404);
    }
  });

  it('/@alice.rss is an RSS feed of her public posts', async () => {
    const res = await api.http.get('/@alice.rss').expect(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    const xml = res.text;
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain(`<link>${base}/@alice</link>`);
    expect(xml).toContain(`<guid isPermaLink="true">${base}/@alice/${posted.public}</guid>`);
    expect(xml).toContain('<category>Gardening</category>');
    expect(xml).toContain('A public post about');
    expect(xml).toContain('&lt;p&gt;Spoilers&lt;/p&gt;&lt;hr /&gt;');
    for (const hidden of ['secret for followers', 'a direct one', 'a reply to bob']) {
      expect(xml).not.toContain(hidden);
    }
  });

  it('/tags/:name and /tags/:name.rss list public posts with the tag', async () => {
    const page = await api.http.get('/tags/Gardening').expect(200);
    expect(page.text).toContain('<h1>#gardening</h1>');
    expect(page.text).toContain('A public post about');
    expect(page.text).toContain('bob&#39;s');
    const feed = await api.http.get('/tags/gardening.rss').expect(200);
    expect(feed.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(feed.text).toContain(`<link>${base}/tags/gardening</link>`);
    expect(feed.text).toContain(`${base}/@bob/${posted.bob}`);
    expect((await api.http.get('/tags/unused.rss').expect(200)).text).not.toContain('<item>');
    await api.http.get('/tags/%20').expect(404);
  });

  it('/api/oembed describes a public post of this server with an iframe of its embed page', async () => {
    for (const url of [
      `${base}/@alice/${posted.public}`,
      `${base}/users/alice/statuses/${posted.public}`,
    ]) {
      const res = await api.http.get('/api/oembed').query({ url, maxwidth: 500 }).expect(200);
      expect(res.body).toEqual({
        type: 'rich',
        version: '1.0',
        author_name: 'Alice :blobcat:',
        author_url: `${base}/@alice`,
        provider_name: api.config.instance.localDomain,
        provider_url: `${base}/`,
        cache_age: 86400,
        html: `<iframe src="${base}/@alice/${posted.public}/embed" class="mastodon-embed" style="max-width: 100%; border: 0" width="500" allowfullscreen="allowfullscreen"></iframe>`,
        width: 500,
        height: null,
      });
    }
    const embed = await api.http.get(`/@alice/${posted.public}/embed`).expect(200);
    expect(embed.text).toContain('A public post about');
    expect(embed.headers['content-security-policy']).not.toContain('frame-ancestors');

    for (const url of [
      `${base}/@alice/${posted.private}`,
      `${base}/@bob/${posted.public}`,
      `https://elsewhere.example/@alice/${posted.public}`,
      'not a url',
    ]) {
      await api.http.get('/api/oembed').query({ url }).expect(404);
    }
    await api.http.get('/api/oembed').expect(404);
    await api.http.get(`/@alice/${posted.private}/embed`).expect(404);
    await api.http
      .get('/api/oembed')
      .query({ url: `${base}/@alice/${posted.public}`, maxwidth: 'wide' })
      .expect(422);
  });
});
