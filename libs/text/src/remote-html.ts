import sanitizeHtml from 'sanitize-html';

/** Classes other servers may keep: microformats and Mastodon's own link markup. */
const ALLOWED_CLASS = /^(?:[hpue]|dt)-[a-z0-9-]+$|^(?:mention|hashtag|ellipsis|invisible)$/;
/** Link schemes Mastodon keeps in remote HTML; anything else (javascript:, data:) loses its href. */
const ALLOWED_SCHEMES = [
  'http',
  'https',
  'dat',
  'dweb',
  'ipfs',
  'ipns',
  'ssb',
  'gopher',
  'xmpp',
  'magnet',
  'gemini',
];
/** Block elements Mastodon turns into paragraphs rather than dropping their text's breaks. */
const AS_PARAGRAPH = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'div', 'section', 'article', 'header'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'span',
    'a',
    'del',
    's',
    'pre',
    'blockquote',
    'code',
    'b',
    'strong',
    'u',
    'i',
    'em',
    'ul',
    'ol',
    'li',
    'ruby',
    'rt',
    'rp',
  ],
  allowedAttributes: {
    // rel and target are set by the transform below.
    a: ['href', 'rel', 'target', 'class', 'translate'],
    span: ['class', 'translate'],
    ol: ['start', 'reversed'],
    li: ['value'],
    p: ['class'],
  },
  allowedSchemes: ALLOWED_SCHEMES,
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'template'],
  transformTags: {
    ...Object.fromEntries(AS_PARAGRAPH.map((tag) => [tag, 'p'])),
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        rel: 'nofollow noopener',
        target: '_blank',
        ...(attribs.class ? { class: keepClasses(attribs.class) } : {}),
      },
    }),
    span: (tagName, attribs) => ({
      tagName,
      attribs: attribs.class ? { ...attribs, class: keepClasses(attribs.class) } : attribs,
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};
function keepClasses(classes: string): string {
  return classes
    .split(/\s+/)
    .filter((name) => ALLOWED_CLASS.test(name))
    .join(' ');
}

/**
 * HTML from another server (status content, profile notes and field values) reduced to
 * Mastodon's allow-list: formatting and links only, links opened as external and unfollowed,
 * no scripts, styles, images or event handlers.
 */
export function sanitizeRemoteHtml(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}
