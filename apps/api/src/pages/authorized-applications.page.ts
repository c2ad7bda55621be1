import { safeWebsite } from './consent.page';
import { html, SafeHtml } from './html';
import type { Messages } from './i18n';
import { layout } from './layout';

export interface AuthorizedApplicationEntry {
  id: string;
  name: string;
  website: string | null;
  scopes: readonly string[];
  authorizedAt: Date;
  lastUsedAt: Date | null;
}

export interface AuthorizedApplicationsPageOptions {
  instance: string;
  csrfToken: string;
  applications: readonly AuthorizedApplicationEntry[];
  /** `@username` of the signed-in account. */
  account: string;
  alert?: string;
}

/**
 * The apps that can use the signed-in account, each with what it may do and a Revoke button.
 * Without JavaScript, a form cannot send DELETE: each posts `_method=delete`, as Rails' do.
 */
export function authorizedApplicationsPage(
  m: Messages,
  options: AuthorizedApplicationsPageOptions,
): SafeHtml {
  const day = new Intl.DateTimeFormat(m.code, { dateStyle: 'long', timeZone: 'UTC' });
  const entries = options.applications.map((app) => {
    const website = safeWebsite(app.website);
    const used = app.lastUsedAt
      ? m.authorizedApps.lastUsed(day.format(app.lastUsedAt))
      : m.authorizedApps.neverUsed;
    return html`<li class="app">
      <strong>${app.name}</strong>
      ${website ? html` · <a href="${website}" rel="noopener noreferrer nofollow">${m.authorizedApps.website}</a>` : ''}
      <p class="muted">${m.authorizedApps.authorized(day.format(app.authorizedAt))}, ${used}</p>
      <p>${m.authorizedApps.scopesHeading}</p>
      <ul class="scopes">
        ${app.scopes.map((scope) => html`<li>${m.scopes[scope] ?? scope} <code>${scope}</code></li> `)}
      </ul>
      <form method="post" action="/oauth/authorized_applications/${app.id}">
        <input type="hidden" name="authenticity_token" value="${options.csrfToken}" />
        <input type="hidden" name="_method" value="delete" />
        <div class="actions">
          <button type="submit" class="secondary">${m.authorizedApps.revoke}</button>
        </div>
      </form>
    </li> `;
  });
  const body = html` ${options.alert ? html`<p class="error" role="alert">${options.alert}</p>` : ''}
    <p class="muted">${m.consent.signedInAs(options.account)}</p>
    <p>${entries.length ? m.authorizedApps.intro : m.authorizedApps.none}</p>
    ${
      entries.length
        ? html`<ul class="apps">
            ${entries}
          </ul>`
        : ''
    }`;
  return layout(m, options.instance, m.authorizedApps.title, body);
}
