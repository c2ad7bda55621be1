import { html, SafeHtml } from './html';
import type { Messages } from './i18n';
import { layout } from './layout';

/**
 * response_mode=form_post: the parameters posted to the redirect URI. A script with the page's
 * nonce submits it at once; without JavaScript the person presses the button.
 */
export function formPostPage(
  m: Messages,
  instance: string,
  redirectUri: string,
  params: Record<string, string>,
  nonce: string,
): SafeHtml {
  const body = html` <p>${m.formPost.body}</p>
    <form method="post" action="${redirectUri}" id="form-post">
      ${Object.entries(params).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" /> `)}
      <div class="actions"><button type="submit">${m.formPost.submit}</button></div>
    </form>
    <script nonce="${nonce}">
      document.getElementById('form-post').submit();
    </script>`;
  return layout(m, instance, m.formPost.title, body);
}
