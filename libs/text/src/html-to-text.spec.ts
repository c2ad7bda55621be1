import { htmlToText } from './html-to-text';

describe('htmlToText', () => {
  it('drops tags, keeps line and paragraph breaks, decodes entities', () => {
    expect(
      htmlToText(
        '<p>Hello <a href="x">@<span>bob</span></a><br>there</p><p>Tom &amp; Jerry &#39;s &#x263A;</p>',
      ),
    ).toBe("Hello @bob\nthere\n\nTom & Jerry 's ☺");
  });

  it('leaves unknown entities as they are', () => {
    expect(htmlToText('a &bogus; b')).toBe('a &bogus; b');
  });
});
