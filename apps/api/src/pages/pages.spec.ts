import { ALL_SCOPES } from '@nestodon/access';
import { html, SafeHtml } from './html';
import { en } from './i18n/en';
import { LOCALES, messagesFor } from './i18n';

describe('page templates', () => {
  it('escapes interpolated text but not nested fragments', () => {
    const name = `<script>alert("x")</script>&'`;
    const nested = html`<b>${'ok'}</b>`;
    const out = html`<p title="${name}">${name}${nested}${[1, html`<i></i>`]}${null}</p>`;
    expect(out).toBeInstanceOf(SafeHtml);
    expect(out.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;">&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;<b>ok</b>1<i></i></p>',
    );
  });
});

describe('page languages', () => {
  it('describe every scope in every language', () => {
    for (const [code, messages] of Object.entries(LOCALES)) {
      for (const scope of ALL_SCOPES) {
        expect([code, scope, typeof messages.scopes[scope]]).toEqual([code, scope, 'string']);
      }
      expect(Object.keys(messages.error.reasons).sort()).toEqual(
        Object.keys(en.error.reasons).sort(),
      );
      expect(messages.code).toBe(code);
    }
  });

  it('picks lang, then Accept-Language, then English', () => {
    expect(messagesFor('de').code).toBe('de');
    expect(messagesFor('de-CH').code).toBe('de');
    expect(messagesFor('xx', 'de').code).toBe('en');
    expect(messagesFor(undefined, 'fr-CA, de;q=0.5').code).toBe('de');
    expect(messagesFor(undefined, 'de;q=0, en;q=0.1').code).toBe('en');
    expect(messagesFor(['de']).code).toBe('en');
    expect(messagesFor().code).toBe('en');
  });
});
