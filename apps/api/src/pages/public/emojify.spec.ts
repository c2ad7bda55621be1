import { emojify } from './emojify';

const blob = {
  shortcode: 'blob',
  url: 'https://media.example/blob.png?a=1&b=2',
  static_url: 'https://media.example/blob.png',
  visible_in_picker: true,
  category: null,
};

describe('emojify', () => {
  it('replaces known shortcodes in text with images, escaping their address', () => {
    expect(emojify('<p>hi :blob: and :other:</p>', [blob])).toBe(
      '<p>hi <img class="emoji" src="https://media.example/blob.png?a=1&amp;b=2" alt=":blob:" title=":blob:" width="20" height="20" /> and :other:</p>',
    );
  });

  it('never touches markup', () => {
    const html = '<a href="https://x.example/:blob:/" title=":blob:">link</a>';
    expect(emojify(html, [blob])).toBe(html);
  });

  it('leaves HTML alone without emojis', () => {
    expect(emojify('<p>:blob:</p>', [])).toBe('<p>:blob:</p>');
  });
});
