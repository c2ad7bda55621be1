import { countGraphemes, extractEmojiShortcodes, statusLength } from './status-text';

describe('statusLength', () => {
  it('counts characters as people see them', () => {
    expect(statusLength('hello')).toBe(5);
    expect(statusLength('👍🏽👨‍👩‍👧')).toBe(2);
    expect(countGraphemes('é')).toBe(1);
  });

  it('counts every URL as 23 characters', () => {
    const long = `https://example.com/${'a'.repeat(200)}`;
    expect(statusLength(`see ${long}`)).toBe(4 + 23);
    expect(statusLength('http://a.io')).toBe(23);
  });

  it('counts a remote mention as its @username only', () => {
    expect(statusLength('@alice@social.example.org hi')).toBe('@alice hi'.length);
    expect(statusLength('@alice hi')).toBe('@alice hi'.length);
  });

  it('adds the content warning', () => {
    expect(statusLength('body', 'cw')).toBe(6);
    expect(statusLength('', 'only a warning')).toBe(14);
  });
});

describe('extractEmojiShortcodes', () => {
  it('finds shortcodes separated from words, once each', () => {
    expect(extractEmojiShortcodes('hi :blobcat: and :blobcat:', ':party_parrot:')).toEqual([
      'blobcat',
      'party_parrot',
    ]);
    expect(extractEmojiShortcodes('time 10:30:00 and a:b:c and :x:')).toEqual([]);
    expect(extractEmojiShortcodes(':ok:\n:fine:')).toEqual(['ok', 'fine']);
  });
});
