import { StatusVisibility } from '@nestodon/domain';
import {
  FeedReceiverFacts,
  FeedStatus,
  filterFromHome,
  filterFromList,
  notifiesFollowers,
  reachesTagFollowers,
} from './feed.policy';

const RECEIVER = 'r';

function facts(overrides: Partial<FeedReceiverFacts> = {}): FeedReceiverFacts {
  return {
    receiverId: RECEIVER,
    following: new Set(['author', 'friend']),
    hidingReblogs: new Set(),
    blocking: new Set(),
    blockedBy: new Set(),
    muting: new Set(),
    domainBlocking: new Set(),
    languages: new Map(),
    exclusiveListMembers: new Set(),
    ...overrides,
  };
}

function status(overrides: Partial<FeedStatus> = {}): FeedStatus {
  return {
    id: '100',
    accountId: 'author',
    authorDomain: null,
    reply: false,
    inReplyToId: null,
    inReplyToAccountId: null,
    language: 'en',
    mentionedAccountIds: [],
    reblog: null,
    ...overrides,
  };
}

const reply = (to: string, overrides: Partial<FeedStatus> = {}) =>
  status({ reply: true, inReplyToId: '50', inReplyToAccountId: to, ...overrides });

const reblogOf = (author: string, overrides: Partial<NonNullable<FeedStatus['reblog']>> = {}) =>
  status({
    accountId: 'author',
    reblog: {
      id: '90',
      accountId: author,
      authorDomain: null,
      mentionedAccountIds: [],
      ...overrides,
    },
  });

describe('feed policy: home', () => {
  it("lets in followed accounts' statuses", () => {
    expect(filterFromHome(status(), facts())).toBe(false);
  });

  it("always lets in the receiver's own statuses, even replies to strangers", () => {
    expect(filterFromHome(reply('stranger', { accountId: RECEIVER }), facts())).toBe(false);
  });

  it('leaves out replies whose parent is unknown', () => {
    expect(filterFromHome(status({ reply: true }), facts())).toBe(true);
  });

  it('lets in replies to followed accounts, to the receiver, and self-replies only', () => {
    expect(filterFromHome(reply('friend'), facts())).toBe(false);
    expect(filterFromHome(reply(RECEIVER), facts())).toBe(false);
    expect(filterFromHome(reply('author'), facts())).toBe(false);
    expect(filterFromHome(reply('stranger'), facts())).toBe(true);
  });

  it('leaves out statuses involving blocked or muted accounts', () => {
    expect(filterFromHome(status(), facts({ blocking: new Set(['author']) }))).toBe(true);
    expect(filterFromHome(status(), facts({ muting: new Set(['author']) }))).toBe(true);
    expect(filterFromHome(status(), facts({ blockedBy: new Set(['author']) }))).toBe(true);
    const mentioning = status({ mentionedAccountIds: ['troll'] });
    expect(filterFromHome(mentioning, facts({ muting: new Set(['troll']) }))).toBe(true);
    expect(filterFromHome(mentioning, facts({ blocking: new Set(['troll']) }))).toBe(true);
  });

  it('leaves out statuses from blocked domains', () => {
    const remote = status({ authorDomain: 'bad.example' });
    expect(filterFromHome(remote, facts({ domainBlocking: new Set(['bad.example']) }))).toBe(true);
    expect(filterFromHome(remote, facts({ domainBlocking: new Set(['ok.example']) }))).toBe(false);
  });

  it('applies the language filter of the follow', () => {
    const languages = new Map([['author', ['de', 'fr']]]);
    expect(filterFromHome(status({ language: 'en' }), facts({ languages }))).toBe(true);
    expect(filterFromHome(status({ language: 'fr' }), facts({ languages }))).toBe(false);
    expect(filterFromHome(status({ language: null }), facts({ languages }))).toBe(false);
    expect(
      filterFromHome(status({ language: 'en' }), facts({ languages: new Map([['author', null]]) })),
    ).toBe(false);
  });

  it('keeps exclusive list members out of home but not out of lists', () => {
    const exclusive = facts({ exclusiveListMembers: new Set(['author']) });
    expect(filterFromHome(status(), exclusive)).toBe(true);
    expect(filterFromHome(status(), exclusive, 'list')).toBe(false);
  });

  describe('reblogs', () => {
    it('are let in by default', () => {
      expect(filterFromHome(reblogOf('stranger'), facts())).toBe(false);
    });

    it("stay out when the receiver hides the reblogger's boosts", () => {
      expect(
        filterFromHome(reblogOf('stranger'), facts({ hidingReblogs: new Set(['author']) })),
      ).toBe(true);
    });

    it('stay out when the reblogged author blocks, is blocked, muted, or on a blocked domain', () => {
      expect(filterFromHome(reblogOf('x'), facts({ blockedBy: new Set(['x']) }))).toBe(true);
      expect(filterFromHome(reblogOf('x'), facts({ blocking: new Set(['x']) }))).toBe(true);
      expect(filterFromHome(reblogOf('x'), facts({ muting: new Set(['x']) }))).toBe(true);
      expect(
        filterFromHome(
          reblogOf('x', { authorDomain: 'bad.example' }),
          facts({ domainBlocking: new Set(['bad.example']) }),
        ),
      ).toBe(true);
      expect(
        filterFromHome(
          reblogOf('x', { mentionedAccountIds: ['troll'] }),
          facts({ muting: new Set(['troll']) }),
        ),
      ).toBe(true);
    });
  });
});

describe('feed policy: lists', () => {
  const members = new Set(['author', 'member']);

  it('lets in non-replies and self-replies whatever the policy', () => {
    for (const repliesPolicy of ['list', 'followed', 'none'] as const) {
      const list = { accountId: RECEIVER, repliesPolicy, members };
      expect(filterFromList(status(), list, facts())).toBe(false);
      expect(filterFromList(reply('author'), list, facts())).toBe(false);
      expect(filterFromList(reply(RECEIVER), list, facts())).toBe(false);
    }
  });

  it('none: no replies to others', () => {
    const list = { accountId: RECEIVER, repliesPolicy: 'none' as const, members };
    expect(filterFromList(reply('member'), list, facts())).toBe(true);
  });

  it('list: replies to members only', () => {
    const list = { accountId: RECEIVER, repliesPolicy: 'list' as const, members };
    expect(filterFromList(reply('member'), list, facts())).toBe(false);
    expect(filterFromList(reply('friend'), list, facts())).toBe(true);
  });

  it('followed: replies to accounts the owner follows', () => {
    const list = { accountId: RECEIVER, repliesPolicy: 'followed' as const, members };
    expect(filterFromList(reply('friend'), list, facts())).toBe(false);
    expect(filterFromList(reply('member'), list, facts())).toBe(true);
  });
});

describe('feed policy: status notifications', () => {
  it('notify for originals and self-replies, not reblogs or replies to others', () => {
    expect(notifiesFollowers(status())).toBe(true);
    expect(notifiesFollowers(reply('author'))).toBe(true);
    expect(notifiesFollowers(reply('friend'))).toBe(false);
    expect(notifiesFollowers(reblogOf('x'))).toBe(false);
  });
});

describe('reachesTagFollowers', () => {
  const of = (visibility: StatusVisibility, reblog = false, authorSilenced = false) =>
    reachesTagFollowers({ visibility, reblog, authorSilenced });

  it('takes original public statuses of unsilenced authors only', () => {
    expect(of(StatusVisibility.Public)).toBe(true);
    expect(of(StatusVisibility.Unlisted)).toBe(false);
    expect(of(StatusVisibility.Private)).toBe(false);
    expect(of(StatusVisibility.Direct)).toBe(false);
    expect(of(StatusVisibility.Limited)).toBe(false);
    expect(of(StatusVisibility.Public, true)).toBe(false);
    expect(of(StatusVisibility.Public, false, true)).toBe(false);
  });
});
