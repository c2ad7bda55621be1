import { LinkifyIt } from 'linkify-it';

/** An account a mention resolved to; the link points at `url`. */
export interface MentionTarget {
  url: string;
  username: string;
  /** null for local accounts. */
  domain: string | null;
}

export interface MentionFound {
  username: string;
  /** As typed (lower-cased), null when the mention had no domain. */
  domain: string | null;
  /** The account, when the resolver knew it (then the mention was linked). */
  target?: MentionTarget;
}

export interface FormatOptions {
  /** Origin of this server, e.g. https://example.com (hashtag links). */
  baseUrl: string;
  /**
   * Looks up a mentioned account (synchronously: resolve every mention beforehand, in one
   * query, from `extractMentions`). Unresolved mentions stay plain text.
   */
  resolveMention?: (username: string, domain: string | null) => MentionTarget | undefined;
  /** Paragraphs and line breaks (default true); false for single-line values (profile fields). */
  multiline?: boolean;
  /** Adds `me` to links' rel (profile fields, for link verification). */
  relMe?: boolean;
  /** Show remote mentions as @user@domain instead of @user (profile fields). */
  mentionDomains?: boolean;
}

export interface FormattedText {
  html: string;
  mentions: MentionFound[];
  /** Hashtag names as typed, in order of appearance, without duplicates (case-insensitive). */
  hashtags: string[];
  urls: string[];
}

interface Entity {
  start: number;
  end: number;
  render: () => string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

const linkify = new LinkifyIt({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
// Only absolute http(s) URLs become links: no mailto:, ftp:, protocol-relative or other schemes.
linkify.add('ftp:', null).add('//', null).add('mailto:', null);

/** Characters of a hashtag: letters (with marks), digits, underscore. */
const HASHTAG = /(?<![\p{L}\p{M}\p{N}_/)#])#([\p{L}\p{M}\p{N}_]+)/gu;
const HAS_NON_DIGIT = /[\p{L}\p{M}_]/u;
/** `@user` or `@user@domain`, not inside a word, an e-mail address or a URL path. */
const MENTION =
  /(?<![\p{L}\p{M}\p{N}_=/@.+-])@([a-z0-9_]+(?:[a-z0-9_.-]*[a-z0-9_])?)(?:@([\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*(?::\d{1,5})?))?/giu;

/** Visible part of a URL: scheme (and www.) hidden, long URLs cut after 30 characters. */
function renderUrl(url: string, relMe: boolean): string {
  const prefix = /^https?:\/\/(www\.)?/i.exec(url)?.[0] ?? '';
  const rest = url.slice(prefix.length);
  const shown = rest.slice(0, 30);
  const hidden = rest.slice(30);
  const rel = relMe ? 'me nofollow noopener' : 'nofollow noopener';
  return (
    `<a href="${escapeHtml(url)}" target="_blank" rel="${rel}" translate="no">` +
    `<span class="invisible">${escapeHtml(prefix)}</span>` +
    `<span class="${hidden ? 'ellipsis' : ''}">${escapeHtml(shown)}</span>` +
    `<span class="invisible">${escapeHtml(hidden)}</span></a>`
  );
}

function renderHashtag(name: string, baseUrl: string): string {
  const href = `${baseUrl}/tags/${encodeURIComponent(name)}`;
  return `<a href="${escapeHtml(href)}" class="mention hashtag" rel="tag">#<span>${escapeHtml(name)}</span></a>`;
}

function renderMention(target: MentionTarget, withDomain: boolean): string {
  const shown =
    withDomain && target.domain ? `${target.username}@${target.domain}` : target.username;
  return (
    `<span class="h-card" translate="no"><a href="${escapeHtml(target.url)}" class="u-url mention">` +
    `@<span>${escapeHtml(shown)}</span></a></span>`
  );
}

function overlaps(entity: Entity, taken: Entity[]): boolean {
  return taken.some((other) => entity.start < other.end && other.start < entity.end);
}

export interface Scan {
  urls: Array<{ start: number; end: number; url: string }>;
  hashtags: Array<{ start: number; end: number; name: string }>;
  mentions: Array<{ start: number; end: number; username: string; domain: string | null }>;
}

/** Finds URLs, then hashtags and mentions outside them (with their positions). */
export function scan(text: string): Scan {
  const urls = (linkify.match(text) ?? []).map((m) => ({
    start: m.index,
    end: m.lastIndex,
    url: m.url,
  }));
  const inUrl = (start: number, end: number) =>
    urls.some((url) => start < url.end && url.start < end);
  const hashtags: Scan['hashtags'] = [];
  for (const m of text.matchAll(HASHTAG)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (!HAS_NON_DIGIT.test(m[1]) || inUrl(start, end)) continue;
    hashtags.push({ start, end, name: m[1] });
  }
  const mentions: Scan['mentions'] = [];
  for (const m of text.matchAll(MENTION)) {
    const start = m.index!;
    const end = start + m[0].length;
    if (inUrl(start, end)) continue;
    mentions.push({ start, end, username: m[1], domain: m[2]?.toLowerCase() ?? null });
  }
  return { urls, hashtags, mentions };
}

/** The mentions in a text, so a caller can resolve them all in one query before formatting. */
export function extractMentions(text: string): Array<{ username: string; domain: string | null }> {
  const seen = new Set<string>();
  return scan(text ?? '').mentions.flatMap(({ username, domain }) => {
    const key = `${username.toLowerCase()}@${domain ?? ''}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ username, domain }];
  });
}

/** Hashtag names in a text, in order, without case-insensitive duplicates. */
export function extractHashtags(text: string): string[] {
  return uniqueHashtags(scan(text ?? '').hashtags.map((tag) => tag.name));
}

function uniqueHashtags(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Rails' simple_format without newlines: paragraphs on blank lines, <br /> on single breaks. */
function paragraphs(html: string): string {
  const blocks = html
    .split(/\n{2,}/)
    .map((block) => block.replace(/^\n+|\n+$/g, ''))
    .filter((block) => block.length > 0);
  return blocks.map((block) => `<p>${block.replace(/\n/g, '<br />')}</p>`).join('');
}

/**
 * Turns plain text (a profile note, a status) into safe HTML, Mastodon-style: everything is
 * escaped; http(s) URLs, hashtags and resolvable mentions become links; blank lines make
 * paragraphs and single newlines <br />. Returns the entities found as well.
 */
export function formatPlainText(text: string, options: FormatOptions): FormattedText {
  const source = (text ?? '').replace(/\r\n?/g, '\n');
  if (source.trim() === '') return { html: '', mentions: [], hashtags: [], urls: [] };
  const multiline = options.multiline ?? true;
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const found = scan(source);
  const entities: Entity[] = [];
  const mentions: MentionFound[] = [];

  for (const url of found.urls) {
    entities.push({ ...url, render: () => renderUrl(url.url, options.relMe ?? false) });
  }
  for (const tag of found.hashtags) {
    const entity = { ...tag, render: () => renderHashtag(tag.name, baseUrl) };
    if (!overlaps(entity, entities)) entities.push(entity);
  }
  for (const mention of found.mentions) {
    const target = options.resolveMention?.(mention.username, mention.domain);
    mentions.push({ username: mention.username, domain: mention.domain, target });
    if (!target) continue;
    const entity = {
      ...mention,
      render: () => renderMention(target, options.mentionDomains ?? false),
    };
    if (!overlaps(entity, entities)) entities.push(entity);
  }
  entities.sort((a, b) => a.start - b.start);

  let html = '';
  let position = 0;
  for (const entity of entities) {
    html += escapeHtml(source.slice(position, entity.start)) + entity.render();
    position = entity.end;
  }
  html += escapeHtml(source.slice(position));

  if (multiline) html = paragraphs(html);
  else html = html.replace(/\n+/g, ' ').trim();

  return {
    html,
    mentions,
    hashtags: uniqueHashtags(found.hashtags.map((tag) => tag.name)),
    urls: found.urls.map((url) => url.url),
  };
}
