import {
  escapeHtml,
  extractHashtags,
  extractMentions,
  formatPlainText,
  MentionTarget,
} from './plain-text-formatter';

const baseUrl = 'https://social.test';
const format = (text: string, extra: Partial<Parameters<typeof formatPlainText>[1]> = {}) =>
  formatPlainText(text, { baseUrl, ...extra });

/** Every tag in the output, to prove hostile input never becomes markup. */
const tags = (html: string) => [...html.matchAll(/<\/?([a-z]+)/g)].map((m) => m[1]);

describe('formatPlainText', () => {
  it('returns nothing for blank text', () => {
    expect(format('').html).toBe('');
    expect(format('  \n\n ').html).toBe('');
  });

  it('makes paragraphs on blank lines and <br /> on single line breaks', () => {
    expect(format('one\ntwo\n\nthree\r\n\r\n\r\nfour').html).toBe(
      '<p>one<br />two</p><p>three</p><p>four</p>',
    );
  });

  it('joins lines with spaces when not multiline', () => {
    expect(format('a\nb', { multiline: false }).html).toBe('a b');
  });

  it('escapes every special character', () => {
    expect(format(`a & b < c > d " e ' f`).html).toBe(
      '<p>a &amp; b &lt; c &gt; d &quot; e &#39; f</p>',
    );
    expect(escapeHtml('<&>"\'')).toBe('&lt;&amp;&gt;&quot;&#39;');
  });

  it('links http(s) URLs Mastodon-style, hiding the scheme', () => {
    const { html, urls } = format('see https://example.com/about now');
    expect(html).toBe(
      '<p>see <a href="https://example.com/about" target="_blank" rel="nofollow noopener" translate="no">' +
        '<span class="invisible">https://</span><span class="">example.com/about</span>' +
        '<span class="invisible"></span></a> now</p>',
    );
    expect(urls).toEqual(['https://example.com/about']);
  });

  it('truncates long URLs with an ellipsis span and hides www.', () => {
    const url = 'https://www.example.com/a/very/long/path/that/goes/on/and/on';
    const { html } = format(url);
    expect(html).toContain('<span class="invisible">https://www.</span>');
    expect(html).toContain('<span class="ellipsis">example.com/a/very/long/path/t</span>');
    expect(html).toContain('<span class="invisible">hat/goes/on/and/on</span>');
    expect(html).toContain(`href="${url}"`);
  });

  it('adds rel=me for profile fields', () => {
    expect(format('https://me.example', { relMe: true, multiline: false }).html).toContain(
      'rel="me nofollow noopener"',
    );
  });

  it('links hashtags, Unicode included, but not all-digit ones or those inside words', () => {
    const { html, hashtags } = format('#Cats #日本語 #café_2 #123 a#b #cats x');
    expect(html).toContain(
      '<a href="https://social.test/tags/Cats" class="mention hashtag" rel="tag">#<span>Cats</span></a>',
    );
    expect(html).toContain(`href="https://social.test/tags/${encodeURIComponent('日本語')}"`);
    expect(html).toContain('#<span>café_2</span>');
    expect(html).toContain(' #123 a#b ');
    expect(hashtags).toEqual(['Cats', '日本語', 'café_2']);
  });

  it('does not find hashtags inside URLs', () => {
    const { hashtags, html } = format('https://example.com/page#section');
    expect(hashtags).toEqual([]);
    expect(html).not.toContain('hashtag');
  });

  it('links mentions the resolver knows and leaves others as text', () => {
    const known: Record<string, MentionTarget> = {
      'alice@': { url: 'https://social.test/@alice', username: 'alice', domain: null },
      'bob@remote.example': {
        url: 'https://remote.example/@bob',
        username: 'bob',
        domain: 'remote.example',
      },
    };
    const resolveMention = (username: string, domain: string | null) =>
      known[`${username.toLowerCase()}@${domain ?? ''}`];
    const { html, mentions } = format('hi @alice and @bob@remote.example and @carol', {
      resolveMention,
    });
    expect(html).toBe(
      '<p>hi <span class="h-card" translate="no"><a href="https://social.test/@alice" class="u-url mention">@<span>alice</span></a></span>' +
        ' and <span class="h-card" translate="no"><a href="https://remote.example/@bob" class="u-url mention">@<span>bob</span></a></span>' +
        ' and @carol</p>',
    );
    expect(mentions.map((m) => [m.username, m.domain, !!m.target])).toEqual([
      ['alice', null, true],
      ['bob', 'remote.example', true],
      ['carol', null, false],
    ]);
    const withDomain = format('@bob@remote.example', {
      resolveMention,
      mentionDomains: true,
      multiline: false,
    });
    expect(withDomain.html).toContain('@<span>bob@remote.example</span>');
  });

  it('ignores e-mail addresses as mentions', () => {
    expect(extractMentions('write to me@example.com')).toEqual([]);
    expect(extractMentions('@Alice @alice @bob@Example.COM')).toEqual([
      { username: 'Alice', domain: null },
      { username: 'bob', domain: 'example.com' },
    ]);
    expect(extractHashtags('#a #A #b')).toEqual(['a', 'b']);
  });

  describe('hostile input never produces markup', () => {
    const allowed = new Set(['p', 'br', 'a', 'span']);
    const cases = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '"><svg onload=alert(1)>',
      'javascript:alert(1)',
      '<a href="javascript:alert(1)">x</a>',
      'https://example.com/"onmouseover="alert(1)',
      "https://example.com/'onmouseover='alert(1)",
      'https://example.com/<script>alert(1)</script>',
      '#<script>',
      '@<script>',
      'data:text/html;base64,PHNjcmlwdD4=',
      'JaVaScRiPt:alert(1) vbscript:msgbox',
      '<<script>script>alert(1)<</script>/script>',
      '&lt;script&gt; &#60;script&#62;',
    ];
    it.each(cases)('%s', (input) => {
      const resolveMention = () => ({
        url: 'https://social.test/@x"onclick="alert(1)',
        username: 'x<b>',
        domain: null,
      });
      const { html } = format(input, { resolveMention });
      for (const tag of tags(html)) expect(allowed.has(tag)).toBe(true);
      expect(html).not.toMatch(/<script|<img|<svg|<iframe/i);
      expect(html).not.toMatch(/href="(?!https?:\/\/)/);
      // Inside every tag, only our attributes, each value quoted with no quote left inside.
      for (const [, , attributes] of html.matchAll(/<([a-z]+)([^>]*)>/g)) {
        const rest = attributes.replace(/\s([a-z-]+)="([^"<>]*)"/g, (_m, name: string) => {
          expect(['href', 'class', 'rel', 'target', 'translate']).toContain(name);
          return '';
        });
        expect(rest.trim()).toBe('');
      }
    });

    it('escapes &-entities instead of passing them through', () => {
      expect(format('&lt;b&gt;').html).toBe('<p>&amp;lt;b&amp;gt;</p>');
    });
  });
});
