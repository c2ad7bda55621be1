import { PreviewCard } from '@nestodon/domain';
import { HttpStandIn, replyJson, solidImage } from '@nestodon/testing';
import sharp from 'sharp';
import { ApiHarness } from '../../../../support/api-harness';
import { CardFetching, startCardFetching } from '../../../../support/link-cards';
import { Person } from '../../../../support/relationships';
import { postStatus } from '../../../../support/statuses';

describe('link preview cards (the worker fetches, statuses show `card`)', () => {
  let cards: CardFetching;
  let api: ApiHarness;
  let site: HttpStandIn;
  let alice: Person;

  beforeAll(async () => {
    const png = await solidImage(64, 48, 'png', '#c85028');
    cards = await startCardFetching((path, res) => {
      if (path === '/article' || path === '/plain') {
        const oembed =
          path === '/article'
            ? '<link rel="alternate" type="application/json+oembed" href="/oembed.json">'
            : '';
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(
          `<html lang="fr"><head><title>Fallback</title>
             <meta property="og:title" content="Un article">
             <meta property="og:description" content="Ce qu'il dit">
             <meta property="og:image" content="/picture.png">
             <meta property="og:site_name" content="Le Site">${oembed}</head><body></body></html>`,
        );
      } else if (path === '/oembed.json') {
        replyJson(res, 200, {
          type: 'rich',
          version: '1.0',
          title: 'Un article (oEmbed)',
          author_name: 'Autrice',
          author_url: 'https://site.example/autrice',
          html: '<script>alert(1)</script><iframe src="https://evil.example/"></iframe>',
        });
      } else if (path === '/picture.png') {
        res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
      } else {
        res.writeHead(404).end();
      }
    });
    ({ api, site, alice } = cards);
  });
  afterAll(() => cards.close());

  const post = (body: Record<string, unknown>) =>
    postStatus(api.http, { ...alice, token: '' }, body);
  const show = async (id: string) =>
    (await api.http.get(`/api/v1/statuses/${id}`).set('Authorization', alice.auth).expect(200))
      .body;

  it('builds a card from OpenGraph and oEmbed, with the image re-hosted and a blurhash', async () => {
    const status = await post({ status: `read ${site.url}/article now #news` });
    const { card } = await show(status.id);
    expect(card).toMatchObject({
      url: `${site.url}/article`,
      title: 'Un article (oEmbed)',
      description: "Ce qu'il dit",
      type: 'rich',
      author_name: 'Autrice',
      author_url: 'https://site.example/autrice',
      provider_name: 'Le Site',
      // The provider is not allow-listed: no markup of theirs reaches clients.
      html: '',
      language: 'fr',
      width: 64,
      height: 48,
      authors: [{ name: 'Autrice', url: 'https://site.example/autrice', account: null }],
    });
    expect(card.blurhash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{6,}$/);
    expect(card.image).toMatch(/\/preview_cards\/images\/.+\.png$/);
    const image = await api.http.get(new URL(card.image).pathname).expect(200);
    expect((await sharp(image.body).metadata()).width).toBe(64);
    // Search's has:link finds statuses with a card; has:embed only video cards.
    const found = await api.http
      .get('/api/v2/search?type=statuses&q=has:link')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(found.body.statuses.map((s: { id: string }) => s.id)).toEqual([status.id]);
    const embeds = await api.http
      .get('/api/v2/search?type=statuses&q=has:embed')
      .set('Authorization', alice.auth)
      .expect(200);
    expect(embeds.body.statuses).toEqual([]);
  });

  it('fetches a URL once, reuses its card, and reads it again after a week', async () => {
    const before = site.requests.filter((r) => r.path === '/plain').length;
    const first = await post({ status: `${site.url}/plain` });
    const second = await post({ status: `again ${site.url}/plain` });
    expect((await show(first.id)).card.title).toBe('Un article');
    expect((await show(second.id)).card.title).toBe('Un article');
    expect(site.requests.filter((r) => r.path === '/plain').length).toBe(before + 1);
    // A week later the page is read again, into the same card.
    await api.dataSource
      .getRepository(PreviewCard)
      .update({ url: `${site.url}/plain` }, { fetchedAt: new Date(Date.now() - 8 * 86_400_000) });
    const third = await post({ status: `later ${site.url}/plain` });
    expect((await show(third.id)).card.title).toBe('Un article');
    expect(site.requests.filter((r) => r.path === '/plain').length).toBe(before + 2);
    expect(
      await api.dataSource.getRepository(PreviewCard).countBy({ url: `${site.url}/plain` }),
    ).toBe(1);
  });

  it('gives no card to private statuses, links that fail, or statuses without links', async () => {
    const before = site.requests.length;
    const hidden = await post({ status: `${site.url}/article`, visibility: 'private' });
    expect((await show(hidden.id)).card).toBeNull();
    expect(site.requests.length).toBe(before);
    const missing = await post({ status: `${site.url}/missing` });
    expect((await show(missing.id)).card).toBeNull();
    const tagOnly = await post({ status: '#news only' });
    expect((await show(tagOnly.id)).card).toBeNull();
  });
});
