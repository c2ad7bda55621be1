import { html, SafeHtml } from './html';
import type { Messages } from './i18n';
import { layout } from './layout';

/** The result for the out-of-band redirect URI: the code to copy, or why there is none. */
export function outOfBandPage(
  m: Messages,
  instance: string,
  appName: string,
  params: Record<string, string>,
): SafeHtml {
  let body: SafeHtml;
  if (params.code) {
    body = html` <p>${m.outOfBand.instructions(appName)}</p>
      <code class="code" id="authorization-code">${params.code}</code>`;
  } else if (params.error === 'access_denied') {
    body = html`<p>${m.outOfBand.denied(appName)}</p>`;
  } else {
    body = html` <p>${m.outOfBand.failed(appName)}</p>
      <p class="error" role="alert">${params.error_description ?? params.error}</p>`;
  }
  return layout(m, instance, m.outOfBand.title, body);
}
