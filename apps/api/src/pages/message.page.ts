import { html, SafeHtml } from './html';
import type { Messages } from './i18n';
import { layout } from './layout';

/** A page with a title and a few paragraphs: notices and errors. */
export function messagePage(
  m: Messages,
  instance: string,
  title: string,
  paragraphs: readonly string[],
  options: { alert?: string } = {},
): SafeHtml {
  const body = html` ${options.alert ? html`<p class="error" role="alert">${options.alert}</p> ` : ''}${paragraphs.map((text) => html`<p>${text}</p> `)}`;
  return layout(m, instance, title, body);
}
