import { normalizeDomain } from './domain-name';
import { cleanTagName, isValidTagName, normalizeTagName } from './tag-name';

describe('hashtag names', () => {
  it.each([
    'nestodon',
    'Café',
    '日本語',
    '_foo',
    'foo_bar',
    '1_2',
    'a1',
    'ｆｕｌｌ',
    'x·y',
    '#cats',
  ])('accepts %s', (name) => expect(isValidTagName(name)).toBe(true));

  it.each(['', '#', '123', 'foo bar', 'foo-bar', '·foo', 'foo·', 'a'.repeat(256), 'emoji😀'])(
    'rejects %j',
    (name) => expect(isValidTagName(name)).toBe(false),
  );

  it('normalises case, width and Latin accents but keeps other scripts', () => {
    expect(normalizeTagName('#Nestodon')).toBe('nestodon');
    expect(normalizeTagName('Café')).toBe('cafe');
    expect(normalizeTagName('ＮＥＳＴ')).toBe('nest');
    expect(normalizeTagName('日本語')).toBe('日本語');
    expect(normalizeTagName('Ελληνικά')).toBe('ελληνικά');
    expect(cleanTagName(' #Café ')).toBe('Café');
  });
});

describe('normalizeDomain', () => {
  it('lower-cases, converts to punycode and keeps a port', () => {
    expect(normalizeDomain(' Example.COM ')).toBe('example.com');
    expect(normalizeDomain('example.com/')).toBe('example.com');
    expect(normalizeDomain('bücher.example')).toBe('xn--bcher-kva.example');
    expect(normalizeDomain('localhost:3000')).toBe('localhost:3000');
  });

  it.each(['', 'https://example.com', 'exa mple.com', 'example.com:port', '-bad.com', 'a:1:2'])(
    'rejects %j',
    (input) => expect(normalizeDomain(input)).toBeNull(),
  );
});
