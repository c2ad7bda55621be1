import { HttpStandIn, solidImage } from '@nestodon/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiHarness } from '../../../../support/api-harness';
import { CardFetching, startCardFetching } from '../../../../support/link-cards';
import { Person } from '../../../../support/relationships';
import { postStatus } from '../../../../support/statuses';

const page = (name: string) =>
  readFileSync(join(__dirname, '../../../../fixtures/link-pages', name), 'utf8');

/** The abstract both pages carry in their description tags, entities decoded. */
const PLOS_ABSTRACT_START =
  'Systemic inflammation is a leading cause of hospital death. Mild systemic inflammation';

describe('link preview cards of real saved pages (fixtures/link-pages)', () => {
  let cards: CardFetching;
  let api: ApiHarness;
  let site: HttpStandIn;
  let alice: Person;

  beforeAll(async () => {
    const png = await solidImage(120, 70, 'png', '#b31b1b');
    cards = await startCardFetching((path, res) => {
      if (path === '/abs/1706.03762') {
        res
          .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
          .end(page('arxiv-1706.03762.html'));
      } else if (path === '/plosone/article') {
        // The page names its own site in absolute URLs: here that site is this server.
        res
          .writeHead(200, { 'Content-Type': 'text/html;charset=UTF-8' })
          .end(
            page('plos-one-pone.0000001.html').replaceAll('https://journals.plos.org', site.url),
          );
      } else if (
        path === '/static/browse/0.3.4/images/arxiv-logo-fb.png' ||
        path === '/plosone/article/figure/image'
      ) {
        res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
      } else {
        res.writeHead(404).end();
      }
    });
    ({ api, site, alice } = cards);
  });
  afterAll(() => cards.close());

  const cardOf = async (text: string) => {
    const status = await postStatus(api.http, alice, { status: text });
    const res = await api.http
      .get(`/api/v1/statuses/${status.id}`)
      .set('Authorization', alice.auth)
      .expect(200);
    return res.body.card;
  };

  it('reads the arXiv abstract page: OpenGraph, a relative image, the site name', async () => {
    // The page declares a 1200×700 picture; the card is as large as the picture it stores.
    const card = await cardOf(`new paper ${site.url}/abs/1706.03762`);
    expect(card).toMatchObject({
      url: `${site.url}/abs/1706.03762`,
      title: 'Attention Is All You Need',
      type: 'link',
      provider_name: 'arXiv.org',
      html: '',
      language: 'en',
      image_description: 'arXiv logo',
      width: 120,
      height: 70,
    });
    expect(card.description).toMatch(/^The dominant sequence transduction models are based/);
    expect(card.image).toMatch(/\/preview_cards\/images\/.+\.png$/);
    expect(card.blurhash).toEqual(expect.any(String));
    expect(site.requests.map((r) => r.path)).toContain(
      '/static/browse/0.3.4/images/arxiv-logo-fb.png',
    );
  });

  it('reads the PLOS ONE article: entities decoded, absolute image URL, XHTML page', async () => {
    const url = `${site.url}/plosone/article?id=10.1371/journal.pone.0000001`;
    const card = await cardOf(`via PLOS ${url}`);
    expect(card).toMatchObject({
      url,
      title: 'Neural Substrate of Cold-Seeking Behavior in Endotoxin Shock',
      type: 'link',
      language: 'en',
      width: 120,
      height: 70,
    });
    expect(card.description.startsWith(PLOS_ABSTRACT_START)).toBe(true);
    expect(card.description).toContain('(10 µg/kg)');
    // Long descriptions are cut, with an ellipsis.
    expect(card.description).toHaveLength(1000);
    expect(card.description.endsWith('…')).toBe(true);
    expect(card.image).toMatch(/\/preview_cards\/images\/.+\.png$/);
  });
});
