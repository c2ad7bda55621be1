import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstLinkOf, readOembed, readPageMetadata } from './link-card-parser';

const article = readFileSync(join(__dirname, 'fixtures/article.html'), 'utf8');

describe('firstLinkOf', () => {
  it('skips mentions and hashtags and takes the first http(s) link', () => {
    const html =
      '<p><span class="h-card"><a href="https://social.test/@bob" class="u-url mention">@<span>bob</span></a></span> ' +
      '<a href="https://social.test/tags/cats" class="mention hashtag" rel="tag">#<span>cats</span></a> ' +
      '<a href="mailto:a@b.example">mail</a> ' +
      '<a href="https://news.example/a?b=1" target="_blank" rel="nofollow noopener">news.example/a</a> ' +
      '<a href="https://second.example/">second</a></p>';
    expect(firstLinkOf(html)).toBe('https://news.example/a?b=1');
    expect(firstLinkOf('<p>no links</p>')).toBeNull();
    expect(firstLinkOf(null)).toBeNull();
  });
});

describe('readPageMetadata', () => {
  it('reads OpenGraph first, then Twitter and plain tags, from the head only', () => {
    const meta = readPageMetadata(article, 'https://news.example/2024/05/tide-pools');
    expect(meta).toEqual({
      title: 'Why tide pools matter',
      description:
        'Small rock pools hold a surprising share of coastal life & tell us how the sea is changing.',
      type: 'link',
      article: true,
      image: 'https://news.example/images/tide-pools-1200.jpg',
      imageDescription: 'A starfish in a rock pool at low tide',
      providerName: 'The Coastal Gazette',
      authorName: 'Rosa Marin',
      authorUrl: '',
      language: 'en',
      publishedAt: new Date('2024-05-14T08:30:00Z'),
      width: 1200,
      height: 630,
      oembedUrl:
        'https://news.example/oembed?url=https%3A%2F%2Fnews.example%2F2024%2F05%2Ftide-pools&format=json',
    });
  });

  it('falls back to <title> and the description tag, and ignores bad URLs', () => {
    const meta = readPageMetadata(
      '<html><head><title> Plain   page </title><meta name="description" content="About it">' +
        '<meta property="og:image" content="javascript:alert(1)"></head></html>',
      'https://plain.example/',
    );
    expect(meta).toMatchObject({
      title: 'Plain page',
      description: 'About it',
      image: null,
      language: null,
      oembedUrl: null,
    });
  });

  it('marks video pages', () => {
    const meta = readPageMetadata(
      '<head><meta property="og:type" content="video.other"><meta property="og:title" content="V"></head>',
      'https://v.example/',
    );
    expect(meta.type).toBe('video');
  });
});

describe('readOembed', () => {
  it('reads a video response, its thumbnail and author', () => {
    expect(
      readOembed(
        {
          type: 'video',
          version: '1.0',
          title: 'A clip',
          author_name: 'Clipper',
          author_url: 'https://videos.example/@clipper',
          provider_name: 'Videos',
          provider_url: 'https://videos.example/',
          html: '<iframe src="https://videos.example/embed/1"></iframe>',
          width: 560,
          height: 315,
          thumbnail_url: '/thumbs/1.jpg',
        },
        'https://videos.example/oembed',
      ),
    ).toEqual({
      type: 'video',
      title: 'A clip',
      authorName: 'Clipper',
      authorUrl: 'https://videos.example/@clipper',
      providerName: 'Videos',
      providerUrl: 'https://videos.example/',
      html: '<iframe src="https://videos.example/embed/1"></iframe>',
      width: 560,
      height: 315,
      image: 'https://videos.example/thumbs/1.jpg',
    });
  });

  it('refuses what is not oEmbed', () => {
    expect(readOembed({ type: 'script' }, 'https://x.example/')).toBeNull();
    expect(readOembed('text', 'https://x.example/')).toBeNull();
  });
});
