import {
  activeFilters,
  appliesToContext,
  compileFilter,
  FilterRule,
  isFilterActive,
  keywordPattern,
  matchFilters,
} from './filter.policy';

const rule = (overrides: Partial<FilterRule> = {}): FilterRule => ({
  id: '1',
  context: ['home'],
  expiresAt: null,
  keywords: [],
  statusIds: [],
  ...overrides,
});

const status = (searchableText: string, id = '10', reblogOfId: string | null = null) => ({
  id,
  reblogOfId,
  searchableText,
});

function matches(keyword: string, wholeWord: boolean, text: string): string[] | null {
  const [match] = matchFilters(
    [compileFilter(rule({ keywords: [{ keyword, wholeWord }] }))],
    status(text),
  );
  return match ? match.keywordMatches : null;
}

describe('filter policy', () => {
  describe('keywords without whole_word', () => {
    it('match anywhere, ignoring case, reporting the text found', () => {
      expect(matches('cat', false, 'Concatenate')).toEqual(['cat']);
      expect(matches('CAT', false, 'my Cat sleeps')).toEqual(['Cat']);
      expect(matches('dog', false, 'my cat sleeps')).toBeNull();
    });

    it('treat regular-expression characters literally', () => {
      expect(matches('a.c', false, 'abc')).toBeNull();
      expect(matches('a.c', false, 'xa.cx')).toEqual(['a.c']);
      expect(matches('(x|y)', false, 'y')).toBeNull();
      expect(matches('c++-', false, 'I like c++-ish things')).toEqual(['c++-']);
    });
  });

  describe('whole_word', () => {
    it('needs word boundaries around word characters', () => {
      expect(matches('cat', true, 'Concatenate')).toBeNull();
      expect(matches('cat', true, 'cats')).toBeNull();
      expect(matches('cat', true, 'a cat.')).toEqual(['cat']);
      expect(matches('cat', true, 'CAT!')).toEqual(['CAT']);
      expect(matches('cat', true, 'cat_food')).toBeNull();
    });

    it('adds no boundary where the keyword starts or ends with punctuation', () => {
      // Mastodon: a boundary only next to a word character of the keyword.
      expect(matches('#tag', true, 'see#tag')).toEqual(['#tag']);
      expect(matches('#tag', true, 'see #tags')).toBeNull();
      expect(matches('c++', true, 'c++11')).toEqual(['c++']);
      expect(matches('c++', true, 'abc++')).toBeNull();
    });

    it('treats Unicode letters and digits as word characters', () => {
      expect(matches('café', true, 'cafés')).toBeNull();
      expect(matches('café', true, 'un café noir')).toEqual(['café']);
      expect(matches('über', true, 'Überall')).toBeNull();
      expect(matches('über', true, 'Über alles')).toEqual(['Über']);
      expect(matches('猫', true, '猫が好き')).toBeNull();
      expect(matches('5', true, '25 cats')).toBeNull();
    });

    it('matches phrases with spaces', () => {
      expect(matches('hot take', true, 'my HOT TAKE is')).toEqual(['HOT TAKE']);
      expect(matches('hot take', true, 'hot takes')).toBeNull();
    });
  });

  it('reports the first keyword found in the text', () => {
    const filter = compileFilter(
      rule({
        keywords: [
          { keyword: 'zebra', wholeWord: true },
          { keyword: 'apple', wholeWord: true },
        ],
      }),
    );
    expect(matchFilters([filter], status('an apple and a zebra'))[0].keywordMatches).toEqual([
      'apple',
    ]);
  });

  it('matches statuses by id, the status or what it reblogs', () => {
    const filter = compileFilter(rule({ statusIds: ['10', '20'] }));
    expect(matchFilters([filter], status('x', '10'))[0]).toMatchObject({
      keywordMatches: null,
      statusMatches: ['10'],
    });
    expect(matchFilters([filter], status('x', '30', '20'))[0].statusMatches).toEqual(['20']);
    expect(matchFilters([filter], status('x', '30'))).toEqual([]);
  });

  it('reports [] status matches for a keyword hit when the filter also lists statuses', () => {
    const filter = compileFilter(
      rule({ keywords: [{ keyword: 'cat', wholeWord: false }], statusIds: ['99'] }),
    );
    expect(matchFilters([filter], status('cat'))[0]).toMatchObject({
      keywordMatches: ['cat'],
      statusMatches: [],
    });
  });

  it('ignores a filter without keywords or statuses', () => {
    expect(matchFilters([compileFilter(rule())], status('anything'))).toEqual([]);
  });

  describe('expiry and context', () => {
    const now = new Date('2026-01-01T00:00:00Z');

    it('expired filters do nothing', () => {
      expect(isFilterActive({ expiresAt: null }, now)).toBe(true);
      expect(isFilterActive({ expiresAt: new Date('2026-01-01T00:00:01Z') }, now)).toBe(true);
      expect(isFilterActive({ expiresAt: now }, now)).toBe(false);
      const expired = rule({
        expiresAt: new Date('2025-12-31T00:00:00Z'),
        keywords: [{ keyword: 'cat', wholeWord: false }],
      });
      expect(activeFilters([expired], 'home', now)).toEqual([]);
    });

    it('apply only in their contexts, or everywhere without one', () => {
      const filter = rule({ context: ['home', 'public'] });
      expect(appliesToContext(filter, 'home')).toBe(true);
      expect(appliesToContext(filter, 'notifications')).toBe(false);
      expect(appliesToContext(filter, undefined)).toBe(true);
      expect(activeFilters([filter], 'thread', now)).toEqual([]);
      expect(activeFilters([filter], 'public', now)).toHaveLength(1);
    });
  });

  it('builds patterns valid with the unicode flag', () => {
    for (const keyword of ['a-b', 'x/y', '[z]', '{1}', '\\', '$^', '-', 'é-']) {
      expect(() => new RegExp(keywordPattern({ keyword, wholeWord: true }), 'iu')).not.toThrow();
    }
  });
});
