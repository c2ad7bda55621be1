import type { Response } from 'express';
import { html, SafeHtml } from './html';
import type { Messages } from './i18n';

const STYLESHEET = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f1f4;color:#1c1c24}
main{max-width:28rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 4px rgba(0,0,0,.12)}
.instance{margin:0 0 .25rem;color:#60606c;font-size:.875rem}
h1{margin:0 0 1rem;font-size:1.5rem;line-height:1.25}
label{display:block;margin:1rem 0 .25rem;font-weight:600}
input[type=email],input[type=password],input[type=text]{width:100%;padding:.6rem .75rem;border:1px solid #b8b8c4;border-radius:6px;font:inherit}
input:focus,button:focus{outline:3px solid #8c8dff;outline-offset:1px}
.actions{display:flex;gap:.75rem;margin-top:1.5rem}
button{flex:1;padding:.7rem 1rem;border:0;border-radius:6px;font:inherit;font-weight:600;cursor:pointer;background:#5b5ce6;color:#fff}
button.secondary{background:#e4e4eb;color:#1c1c24}
.error{padding:.75rem 1rem;border-radius:6px;background:#fde8e8;color:#8a1c1c}
ul.scopes{padding-left:1.25rem}
ul.scopes li{margin:.35rem 0}
ul.scopes code{font-size:.8rem;color:#60606c}
.code{display:block;padding:.75rem;margin:1rem 0;border-radius:6px;background:#f1f1f4;font:1.05rem/1.4 ui-monospace,monospace;word-break:break-all;user-select:all}
.muted{color:#60606c;font-size:.875rem}
a{color:#4142c7}
@media (prefers-color-scheme:dark){body{background:#18181f;color:#e8e8ee}main{background:#24242d;box-shadow:none}.instance,.muted,ul.scopes code{color:#a4a4b4}input[type=email],input[type=password],input[type=text]{background:#18181f;color:inherit;border-color:#4a4a58}button.secondary{background:#3a3a46;color:#e8e8ee}.code{background:#18181f}.error{background:#4a1f24;color:#ffd8d8}a{color:#a9aaff}}
`;

export interface PageOptions {
  /** CSP form-action: 'self' unless the form (or a redirect after it) goes elsewhere. */
  formActionSelf?: boolean;
  /** Allows the one inline script carrying this nonce. */
  scriptNonce?: string;
}

export function layout(m: Messages, instance: string, title: string, body: SafeHtml): SafeHtml {
  return html`<!DOCTYPE html>
    <html lang="${m.code}" dir="${m.dir}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>${title} · ${instance}</title>
        <style>
          ${new SafeHtml(STYLESHEET)}
        </style>
      </head>
      <body>
        <main>
          <p class="instance">${instance}</p>
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html> `;
}

/** Sends a page with headers that keep it out of caches and frames and allow no remote assets. */
export function sendPage(
  res: Response,
  status: number,
  page: SafeHtml,
  options: PageOptions = {},
): void {
  const policy = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  if (options.formActionSelf !== false) policy.push("form-action 'self'");
  if (options.scriptNonce) policy.push(`script-src 'nonce-${options.scriptNonce}'`);
  res
    .status(status)
    .setHeader('Content-Type', 'text/html; charset=utf-8')
    .setHeader('Cache-Control', 'no-cache, no-store, max-age=0, must-revalidate')
    .setHeader('Content-Security-Policy', policy.join('; '))
    .setHeader('X-Frame-Options', 'DENY')
    .setHeader('X-Content-Type-Options', 'nosniff')
    .setHeader('Referrer-Policy', 'same-origin')
    .send(page.value);
}
