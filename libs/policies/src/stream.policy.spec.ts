import { StatusVisibility } from '@nestodon/domain';
import { compileFilter, FilterRule } from './filter.policy';
import { anonymousRelations, StatusFacts, ViewerRelations } from './status.policy';
import {
  decideStreamedStatus,
  StreamedStatus,
  StreamSubscriberFacts,
  wantsLanguage,
} from './stream.policy';

const VIEWER = 'v';

function facts(overrides: Partial<StatusFacts> = {}): StatusFacts {
  return {
    id: '100',
    accountId: 'author',
    visibility: StatusVisibility.Public,
    deletedAt: null,
    reblogOfId: null,
    author: { id: 'author', domain: null, suspendedAt: null },
    ...overrides,
  };
}

function streamed(overrides: Partial<StreamedStatus> = {}): StreamedStatus {
  return {
    facts: facts(),
    language: 'en',
    mentionedAccountIds: [],
    searchableText: 'hello world',
    ...overrides,
  };
}

function relations(overrides: Partial<ViewerRelations> = {}): ViewerRelations {
  return { ...anonymousRelations(), viewerId: VIEWER, ...overrides };
}

type Rule = FilterRule & { hide: boolean };

function subscriber(
  overrides: Partial<StreamSubscriberFacts<Rule>> = {},
): StreamSubscriberFacts<Rule> {
  return {
    relations: relations(),
    languages: null,
    filters: [],
    hides: (rule) => rule.hide,
    ...overrides,
  };
}

const filter = (keyword: string, hide: boolean) =>
  compileFilter<Rule>({
    id: keyword,
    context: ['public'],
    expiresAt: null,
    keywords: [{ keyword, wholeWord: false }],
    statusIds: [],
    hide,
  });

describe('stream policy', () => {
  it('delivers a public status to anyone, anonymous included', () => {
    expect(decideStreamedStatus(streamed(), subscriber())).toEqual({ deliver: true, matches: [] });
    expect(
      decideStreamedStatus(streamed(), subscriber({ relations: anonymousRelations() })),
    ).toEqual({ deliver: true, matches: [] });
  });

  it('keeps private statuses for followers and mentioned accounts', () => {
    const priv = streamed({ facts: facts({ visibility: StatusVisibility.Private }) });
    expect(decideStreamedStatus(priv, subscriber()).deliver).toBe(false);
    expect(
      decideStreamedStatus(
        priv,
        subscriber({ relations: relations({ following: new Set(['author']) }) }),
      ).deliver,
    ).toBe(true);
    expect(
      decideStreamedStatus(
        priv,
        subscriber({ relations: relations({ mentionedIn: new Set(['100']) }) }),
      ).deliver,
    ).toBe(true);
  });

  it('drops statuses of blocked, blocking and muted authors and blocked domains', () => {
    for (const change of [
      { blocking: new Set(['author']) },
      { blockedBy: new Set(['author']) },
      { muting: new Set(['author']) },
    ]) {
      expect(
        decideStreamedStatus(streamed(), subscriber({ relations: relations(change) })),
      ).toEqual({ deliver: false });
    }
    const remote = streamed({
      facts: facts({ author: { id: 'author', domain: 'bad.example', suspendedAt: null } }),
    });
    expect(
      decideStreamedStatus(
        remote,
        subscriber({ relations: relations({ domainBlocking: new Set(['bad.example']) }) }),
      ).deliver,
    ).toBe(false);
  });

  it('drops statuses mentioning blocked or muted accounts, except the viewer’s own', () => {
    const mentioning = streamed({ mentionedAccountIds: ['troll'] });
    const ignoring = subscriber({ relations: relations({ muting: new Set(['troll']) }) });
    expect(decideStreamedStatus(mentioning, ignoring).deliver).toBe(false);
    const own = streamed({
      facts: facts({ accountId: VIEWER, author: { id: VIEWER, domain: null, suspendedAt: null } }),
      mentionedAccountIds: ['troll'],
    });
    expect(decideStreamedStatus(own, ignoring).deliver).toBe(true);
  });

  it('honours chosen languages, letting statuses without a language through', () => {
    expect(wantsLanguage(['de'], 'en')).toBe(false);
    expect(wantsLanguage(['de'], 'de')).toBe(true);
    expect(wantsLanguage(['de'], null)).toBe(true);
    expect(wantsLanguage([], 'en')).toBe(true);
    expect(decideStreamedStatus(streamed(), subscriber({ languages: ['de'] })).deliver).toBe(false);
  });

  it('drops what hide filters match and reports what warn filters match', () => {
    expect(
      decideStreamedStatus(streamed(), subscriber({ filters: [filter('world', true)] })).deliver,
    ).toBe(false);
    const decision = decideStreamedStatus(
      streamed(),
      subscriber({ filters: [filter('world', false), filter('nothing', false)] }),
    );
    expect(decision.deliver && decision.matches.map((match) => match.rule.id)).toEqual(['world']);
  });
});
