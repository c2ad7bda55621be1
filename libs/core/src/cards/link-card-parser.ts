import { Parser } from 'htmlparser2';

/** What a page says about itself, from OpenGraph, Twitter card and plain HTML tags. */
export interface PageMetadata {
  title: string;
  description: string;
  type: 'link' | 'photo' | 'video';
  /** Whether the page calls itself an article (og:type), which links need to trend. */
  article: boolean;
  image: string | null;
  imageDescription: string;
  providerName: string;
  authorName: string;
  authorUrl: string;
  language: string | null;
  publishedAt: Date | null;
  width: number;
  height: number;
  /** The page's oEmbed JSON endpoint, when it announces one. */
  oembedUrl: string | null;
}

const MAX_FIELD = { title: 300, description: 1000, other: 400 };

const clip = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

const absolute = (href: string | undefined, base: string): string | null => {
  if (!href) return null;
  try {
    const url = new URL(href.trim(), base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
};

/**
 * The first link of a status's HTML that a card could describe: mentions (`mention` class) and
 * hashtags (`rel="tag"`) are not, nor anything but http(s).
 */
export function firstLinkOf(html: string | null): string | null {
  if (!html) return null;
  let found: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (found || name !== 'a') return;
      const classes = (attributes.class ?? '').split(/\s+/);
      const rel = (attributes.rel ?? '').split(/\s+/);
      if (classes.includes('mention') || classes.includes('hashtag') || rel.includes('tag')) return;
      const href = attributes.href ?? '';
      if (/^https?:\/\//i.test(href)) found = absolute(href, href);
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

/** Reads the metadata of an HTML page fetched from `pageUrl` (relative links resolved). */
export function readPageMetadata(html: string, pageUrl: string): PageMetadata {
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let language = null as string | null;
  let oembedUrl = null as string | null;
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (name === 'html' && attributes.lang) language = attributes.lang;
        if (name === 'title') inTitle = true;
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').toLowerCase();
          if (key && attributes.content !== undefined && !meta.has(key)) {
            meta.set(key, attributes.content);
          }
        }
        if (
          name === 'link' &&
          !oembedUrl &&
          (attributes.rel ?? '').toLowerCase().split(/\s+/).includes('alternate') &&
          (attributes.type ?? '').toLowerCase() === 'application/json+oembed'
        ) {
          oembedUrl = absolute(attributes.href, pageUrl);
        }
        // Metadata belongs in <head>; a page's body is not read.
        if (name === 'body') done = true;
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();

  const first = (...keys: string[]) => {
    for (const key of keys) {
      const value = meta.get(key);
      if (value !== undefined && value.trim() !== '') return value;
    }
    return '';
  };
  const ogType = first('og:type').toLowerCase();
  const published = first('article:published_time', 'og:published_time');
  const publishedAt = published ? new Date(published) : null;
  const number = (key: string) => {
    const value = Number.parseInt(first(key), 10);
    return Number.isFinite(value) && value > 0 ? value : 0;
  };
  return {
    title: clip(first('og:title', 'twitter:title') || title, MAX_FIELD.title),
    description: clip(
      first('og:description', 'twitter:description', 'description'),
      MAX_FIELD.description,
    ),
    type: ogType.startsWith('video') ? 'video' : ogType === 'photo' ? 'photo' : 'link',
    article: ogType === 'article',
    image: absolute(
      first(
        'og:image:secure_url',
        'og:image',
        'og:image:url',
        'twitter:image',
        'twitter:image:src',
      ),
      pageUrl,
    ),
    imageDescription: clip(first('og:image:alt', 'twitter:image:alt'), MAX_FIELD.other),
    providerName: clip(first('og:site_name', 'application-name'), MAX_FIELD.other),
    authorName: clip(first('author', 'article:author', 'twitter:creator'), MAX_FIELD.other),
    authorUrl: '',
    language:
      (first('og:locale').split(/[_-]/)[0] || language?.split(/[_-]/)[0] || '').toLowerCase() ||
      null,
    publishedAt: publishedAt && !Number.isNaN(publishedAt.getTime()) ? publishedAt : null,
    width: number('og:image:width'),
    height: number('og:image:height'),
    oembedUrl,
  };
}

/** The fields of an oEmbed response (https://oembed.com) a card takes. */
export interface OembedData {
  type: 'link' | 'photo' | 'video' | 'rich';
  title: string;
  authorName: string;
  authorUrl: string;
  providerName: string;
  providerUrl: string;
  html: string;
  width: number;
  height: number;
  /** photo: the picture; others: their thumbnail. */
  image: string | null;
}

/** Reads an oEmbed JSON response; null when it is not one. */
export function readOembed(json: unknown, base: string): OembedData | null {
  if (typeof json !== 'object' || json === null) return null;
  const data = json as Record<string, unknown>;
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : '');
  const int = (key: string) => {
    const value = Number(data[key]);
    return Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
  };
  const type = text('type');
  if (type !== 'link' && type !== 'photo' && type !== 'video' && type !== 'rich') return null;
  return {
    type,
    title: clip(text('title'), MAX_FIELD.title),
    authorName: clip(text('author_name'), MAX_FIELD.other),
    authorUrl: absolute(text('author_url'), base) ?? '',
    providerName: clip(text('provider_name'), MAX_FIELD.other),
    providerUrl: absolute(text('provider_url'), base) ?? '',
    html: text('html'),
    width: int('width') || int('thumbnail_width'),
    height: int('height') || int('thumbnail_height'),
    image: absolute(type === 'photo' ? text('url') : text('thumbnail_url'), base),
  };
}
