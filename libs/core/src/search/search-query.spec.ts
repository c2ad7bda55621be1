import { ValidationError } from '@nestodon/domain';
import { parseSearchQuery, searchLanguageCode } from './search-query';

describe('parseSearchQuery', () => {
  it('splits words, quoted phrases and negations', () => {
    expect(parseSearchQuery('  quick "brown fox" -lazy +dog ')).toEqual({
      terms: [
        { text: 'quick', phrase: false, negated: false },
        { text: 'brown fox', phrase: true, negated: false },
        { text: 'lazy', phrase: false, negated: true },
        { text: 'dog', phrase: false, negated: false },
      ],
      filters: [],
      scope: 'all',
    });
  });

  it('reads every Mastodon operator, negated or not', () => {
    expect(
      parseSearchQuery(
        'from:@bob@example.com -has:media is:Reply language:pt-BR before:2024-01-31 ' +
          'after:2023-12-01 -during:2024-01-15 in:library from:"me"',
      ),
    ).toEqual({
      terms: [],
      filters: [
        { kind: 'from', account: 'bob@example.com', negated: false },
        { kind: 'property', property: 'media', negated: true },
        { kind: 'property', property: 'reply', negated: false },
        { kind: 'language', language: 'pt', negated: false },
        { kind: 'before', date: '2024-01-31', negated: false },
        { kind: 'after', date: '2023-12-01', negated: false },
        { kind: 'during', date: '2024-01-15', negated: true },
        { kind: 'from', account: 'me', negated: false },
      ],
      scope: 'library',
    });
  });

  it('keeps unknown prefixes, URLs and a bare operator as words', () => {
    expect(parseSearchQuery('https://example.com/a 10:30 from:').terms).toEqual([
      { text: 'https://example.com/a', phrase: false, negated: false },
      { text: '10:30', phrase: false, negated: false },
      { text: 'from:', phrase: false, negated: false },
    ]);
  });

  it('rejects impossible dates and scopes', () => {
    for (const query of ['before:2024-02-30', 'after:yesterday', 'during:20240101', 'in:mars']) {
      expect(() => parseSearchQuery(query)).toThrow(ValidationError);
    }
  });

  it('takes an unclosed quote to the end', () => {
    expect(parseSearchQuery('"open phrase').terms).toEqual([
      { text: 'open phrase', phrase: true, negated: false },
    ]);
  });
});

describe('searchLanguageCode', () => {
  it('keeps the language part of a locale', () => {
    expect(searchLanguageCode('pt-BR')).toBe('pt');
    expect(searchLanguageCode('zh_Hant')).toBe('zh');
    expect(searchLanguageCode('EN')).toBe('en');
  });
});
