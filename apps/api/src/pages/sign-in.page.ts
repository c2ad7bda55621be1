import { html, SafeHtml } from './html';
import type { Messages } from './i18n';
import { layout } from './layout';

export interface SignInPageOptions {
  instance: string;
  csrfToken: string;
  /** Where to go after signing in (an /oauth/authorize URL), kept in a hidden field. */
  returnTo?: string;
  lang?: string;
  email?: string;
  error?: string;
}

/** The e-mail and password form. */
export function signInPage(m: Messages, options: SignInPageOptions): SafeHtml {
  const body = html` <p>${m.signIn.intro(options.instance)}</p>
    ${options.error ? html`<p class="error" role="alert">${options.error}</p>` : ''}
    <form method="post" action="/auth/sign_in">
      <input type="hidden" name="authenticity_token" value="${options.csrfToken}" />
      ${options.returnTo ? html`<input type="hidden" name="return_to" value="${options.returnTo}" />` : ''}
      ${options.lang ? html`<input type="hidden" name="lang" value="${options.lang}" />` : ''}
      <label for="email">${m.signIn.email}</label>
      <input
        id="email"
        type="email"
        name="email"
        value="${options.email ?? ''}"
        autocomplete="username"
        required
        autofocus
      />
      <label for="password">${m.signIn.password}</label>
      <input
        id="password"
        type="password"
        name="password"
        autocomplete="current-password"
        required
      />
      <div class="actions"><button type="submit">${m.signIn.submit}</button></div>
    </form>`;
  return layout(m, options.instance, m.signIn.title, body);
}
