import { html, SafeHtml } from './html';
import type { Messages } from './i18n';
import { layout } from './layout';

export interface ConsentPageOptions {
  instance: string;
  csrfToken: string;
  transactionId: string;
  appName: string;
  appWebsite: string | null;
  /** `@username` of the signed-in account. */
  account: string;
  scopes: readonly string[];
  /** The same authorization request with force_login, to change accounts. */
  switchUserUrl: string;
}

/** Lists what the app asks for, with Authorize and Deny. */
export function consentPage(m: Messages, options: ConsentPageOptions): SafeHtml {
  const website = safeWebsite(options.appWebsite);
  const body = html` <p>
      <strong>${m.consent.intro(options.appName)}</strong>
      ${website ? html`<br /><a href="${website}" rel="noopener noreferrer nofollow" class="muted">${m.consent.website}</a>` : ''}
    </p>
    <p class="muted">
      ${m.consent.signedInAs(options.account)}
      <a href="${options.switchUserUrl}">${m.consent.switchUser}</a>
    </p>
    <p>${m.consent.scopesHeading}</p>
    <ul class="scopes">
      ${options.scopes.map((scope) => html`<li>${m.scopes[scope] ?? scope} <code>${scope}</code></li> `)}
    </ul>
    <form method="post" action="/oauth/authorize">
      <input type="hidden" name="authenticity_token" value="${options.csrfToken}" />
      <input type="hidden" name="transaction_id" value="${options.transactionId}" />
      <div class="actions">
        <button type="submit" name="decision" value="approve">${m.consent.authorize}</button>
        <button type="submit" name="decision" value="deny" class="secondary">
          ${m.consent.deny}
        </button>
      </div>
    </form>`;
  return layout(m, options.instance, m.consent.title, body);
}

/** Only http(s) websites become links. */
export function safeWebsite(website: string | null): string | null {
  if (!website) return null;
  try {
    const url = new URL(website);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}
