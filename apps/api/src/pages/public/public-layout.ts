import type { Response } from 'express';
import { html, SafeHtml } from '../html';

const STYLESHEET = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f1f4;color:#1c1c24}
main{max-width:40rem;margin:2rem auto;padding:0 1rem}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12);padding:1.25rem;margin-bottom:1rem}
.header{width:100%;max-height:12rem;object-fit:cover;border-radius:8px}
.avatar{width:5rem;height:5rem;border-radius:12px;object-fit:cover}
.author{display:flex;gap:.75rem;align-items:center}
.author .small{width:3rem;height:3rem;border-radius:8px}
.names{line-height:1.3}.handle,.meta{color:#60606c;font-size:.875rem}
h1{margin:.5rem 0 0;font-size:1.5rem}
dl.fields{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem;margin:1rem 0 0}
dl.fields dt{font-weight:600}dl.fields dd{margin:0;overflow-wrap:anywhere}
.content{overflow-wrap:anywhere}
.media img,.media video{max-width:100%;border-radius:8px;margin-top:.5rem}
img.emoji{width:1.2em;height:1.2em;vertical-align:middle;object-fit:contain}
details summary{cursor:pointer;font-weight:600}
a{color:#4142c7}
@media (prefers-color-scheme:dark){body{background:#18181f;color:#e8e8ee}.card{background:#24242d;box-shadow:none}.handle,.meta{color:#a4a4b4}a{color:#a9aaff}}
`;

export interface PublicHead {
  title: string;
  description: string;
  /** The page's canonical address. */
  url: string;
  /** profile, article or website. */
  type: string;
  image?: string | null;
  /** ActivityPub and RSS representations. */
  alternates: Array<{ type: string; href: string }>;
  noindex?: boolean;
  siteName: string;
  lang?: string | null;
  /** Extra `<meta>` (e.g. profile:username). */
  extra?: Record<string, string>;
}

export function publicLayout(head: PublicHead, body: SafeHtml): SafeHtml {
  const meta = (property: string, content: string | null | undefined) =>
    content ? html`<meta property="${property}" content="${content}" />` : '';
  return html`<!DOCTYPE html>
    <html lang="${head.lang || 'en'}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        ${head.noindex ? html`<meta name="robots" content="noindex, noarchive" />` : ''}
        <title>${head.title}</title>
        <meta name="description" content="${head.description}" />
        <link rel="canonical" href="${head.url}" />
        ${head.alternates.map(
          (alternate) =>
            html`<link rel="alternate" type="${alternate.type}" href="${alternate.href}" />`,
        )}
        ${meta('og:site_name', head.siteName)} ${meta('og:type', head.type)}
        ${meta('og:title', head.title)} ${meta('og:description', head.description)}
        ${meta('og:url', head.url)} ${meta('og:image', head.image)}
        ${Object.entries(head.extra ?? {}).map(([name, value]) => meta(name, value))}
        <meta name="twitter:card" content="summary" />
        <style>
          ${new SafeHtml(STYLESHEET)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html> `;
}

/**
 * Sends a public page: cacheable briefly by anyone (it shows only public things), varying by
 * Accept since the same address answers ActivityPub; no scripts, no frames.
 */
export function sendPublicPage(
  res: Response,
  page: SafeHtml,
  options: { embeddable?: boolean } = {},
): void {
  // Embeds (`/@alice/1/embed`) are made to be framed by other sites.
  const frames = options.embeddable ? '' : "; frame-ancestors 'none'";
  res
    .status(200)
    .setHeader('Content-Type', 'text/html; charset=utf-8')
    .setHeader('Cache-Control', 'public, max-age=60')
    .setHeader('Vary', 'Accept')
    .setHeader(
      'Content-Security-Policy',
      `default-src 'none'; style-src 'unsafe-inline'; img-src * data:; media-src *; base-uri 'none'; form-action 'none'${frames}`,
    )
    .setHeader('X-Content-Type-Options', 'nosniff')
    .setHeader('Referrer-Policy', 'same-origin')
    .send(page.value);
}
