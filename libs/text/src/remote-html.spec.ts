import { sanitizeRemoteHtml } from './remote-html';

describe('sanitizeRemoteHtml', () => {
  it('keeps formatting, mentions and hashtags, marking links external', () => {
    expect(
      sanitizeRemoteHtml(
        '<p>Hi <span class="h-card"><a href="https://a.example/@bob" class="u-url mention">@<span>bob</span></a></span> <a href="https://a.example/tags/x" class="mention hashtag" rel="tag">#<span>x</span></a></p>',
      ),
    ).toBe(
      '<p>Hi <span class="h-card"><a href="https://a.example/@bob" class="u-url mention" rel="nofollow noopener" target="_blank">@<span>bob</span></a></span> <a href="https://a.example/tags/x" class="mention hashtag" rel="nofollow noopener" target="_blank">#<span>x</span></a></p>',
    );
  });

  it('drops scripts, styles, images, event handlers and unsafe link schemes', () => {
    const html = sanitizeRemoteHtml(
      '<p onclick="x()" style="color:red">a<script>alert(1)</script><style>p{}</style><img src="https://x/y.png"><a href="javascript:alert(1)">b</a><iframe src="https://x"></iframe></p>',
    );
    expect(html).toBe('<p>a<a rel="nofollow noopener" target="_blank">b</a></p>');
  });

  it('turns headings into paragraphs and strips foreign classes', () => {
    expect(sanitizeRemoteHtml('<h1>Title</h1><span class="evil mention">x</span>')).toBe(
      '<p>Title</p><span class="mention">x</span>',
    );
  });

  it('is empty for nothing', () => {
    expect(sanitizeRemoteHtml(null)).toBe('');
  });
});
