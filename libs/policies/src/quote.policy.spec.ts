import { StatusVisibility } from '@nestodon/domain';
import {
  decideQuote,
  quoteApprovalPolicyBits,
  quoteAuthorization,
  QuotePolicyFlag,
  quotePolicyKeys,
  quoteView,
  quotingVisibility,
} from './quote.policy';
import { anonymousRelations, StatusFacts, ViewerRelations } from './status.policy';

const AUTHOR = '1';
const VIEWER = '2';

const facts = (
  attributes: Partial<StatusFacts & { quoteApprovalPolicy: number }> = {},
): StatusFacts & { quoteApprovalPolicy: number } => ({
  id: '10',
  accountId: AUTHOR,
  visibility: StatusVisibility.Public,
  deletedAt: null,
  reblogOfId: null,
  author: { id: AUTHOR, domain: null, suspendedAt: null },
  quoteApprovalPolicy: QuotePolicyFlag.Public << 16,
  ...attributes,
});

const viewer = (sets: Partial<ViewerRelations> = {}): ViewerRelations => ({
  ...anonymousRelations(),
  viewerId: VIEWER,
  ...sets,
});

describe('quote policy bitmaps', () => {
  it('stores a local choice as an automatic policy, and nothing for private or direct posts', () => {
    expect(quoteApprovalPolicyBits('public', StatusVisibility.Public)).toBe(2 << 16);
    expect(quoteApprovalPolicyBits('followers', StatusVisibility.Unlisted)).toBe(4 << 16);
    expect(quoteApprovalPolicyBits('nobody', StatusVisibility.Public)).toBe(0);
    expect(quoteApprovalPolicyBits('public', StatusVisibility.Private)).toBe(0);
    expect(quoteApprovalPolicyBits('public', StatusVisibility.Direct)).toBe(0);
  });

  it('names the policies of each half', () => {
    const bits = ((QuotePolicyFlag.Public | QuotePolicyFlag.Following) << 16) | 1;
    expect(quotePolicyKeys(bits, 'automatic')).toEqual(['public', 'following']);
    expect(quotePolicyKeys(bits, 'manual')).toEqual(['unsupported_policy']);
    expect(quotePolicyKeys(0, 'automatic')).toEqual([]);
  });
});

describe('quoteAuthorization', () => {
  const as = (followsAuthor = false, followedByAuthor = false) => ({
    id: VIEWER,
    followsAuthor,
    followedByAuthor,
  });

  it('denies anonymous viewers, direct posts and reblogs; lets the author quote', () => {
    expect(quoteAuthorization(facts(), null)).toBe('denied');
    expect(quoteAuthorization(facts({ visibility: StatusVisibility.Direct }), as())).toBe('denied');
    expect(quoteAuthorization(facts({ reblogOfId: '5' }), as())).toBe('denied');
    expect(
      quoteAuthorization({ ...facts(), quoteApprovalPolicy: 0 }, { ...as(), id: AUTHOR }),
    ).toBe('automatic');
  });

  it('applies automatic, then manual policies, then says unknown or denied', () => {
    const followers = { ...facts(), quoteApprovalPolicy: QuotePolicyFlag.Followers << 16 };
    expect(quoteAuthorization(followers, as(true))).toBe('automatic');
    expect(quoteAuthorization(followers, as(false))).toBe('denied');
    const manual = { ...facts(), quoteApprovalPolicy: QuotePolicyFlag.Public };
    expect(quoteAuthorization(manual, as())).toBe('manual');
    const following = { ...facts(), quoteApprovalPolicy: QuotePolicyFlag.Following << 16 };
    expect(quoteAuthorization(following, as(false, true))).toBe('automatic');
    const unsupported = { ...facts(), quoteApprovalPolicy: QuotePolicyFlag.UnsupportedPolicy };
    expect(quoteAuthorization(unsupported, as())).toBe('unknown');
    expect(quoteAuthorization({ ...facts(), quoteApprovalPolicy: 0 }, as())).toBe('denied');
  });
});

describe('decideQuote', () => {
  it('hides what the viewer cannot see or may not quote', () => {
    expect(decideQuote(facts(), viewer())).toBe('allowed');
    expect(decideQuote(facts(), anonymousRelations())).toBe('hidden');
    expect(decideQuote(facts(), viewer({ blockedBy: new Set([AUTHOR]) }))).toBe('hidden');
    const privateOwn = facts({ visibility: StatusVisibility.Private, quoteApprovalPolicy: 0 });
    expect(decideQuote(privateOwn, viewer({ following: new Set([AUTHOR]) }))).toBe('hidden');
    expect(decideQuote(privateOwn, viewer({ viewerId: AUTHOR }))).toBe('allowed');
    const direct = facts({ visibility: StatusVisibility.Direct, quoteApprovalPolicy: 0 });
    expect(decideQuote(direct, viewer({ viewerId: AUTHOR }))).toBe('hidden');
  });
});

describe('quotingVisibility', () => {
  it('keeps a quote of a private post to followers, unless it is direct', () => {
    const privateQuoted = { visibility: StatusVisibility.Private };
    expect(quotingVisibility(StatusVisibility.Public, privateQuoted)).toBe(
      StatusVisibility.Private,
    );
    expect(quotingVisibility(StatusVisibility.Unlisted, privateQuoted)).toBe(
      StatusVisibility.Private,
    );
    expect(quotingVisibility(StatusVisibility.Direct, privateQuoted)).toBe(StatusVisibility.Direct);
    expect(
      quotingVisibility(StatusVisibility.Public, { visibility: StatusVisibility.Public }),
    ).toBe(StatusVisibility.Public);
  });
});

describe('quoteView', () => {
  it('shows stored states other than accepted as they are, without the quoted status', () => {
    for (const state of ['pending', 'rejected', 'revoked', 'deleted'] as const) {
      expect(quoteView(state, facts(), viewer())).toEqual({ state, showQuoted: false });
    }
  });

  it('says deleted when the quoted status is gone', () => {
    expect(quoteView('accepted', null, viewer())).toEqual({ state: 'deleted', showQuoted: false });
    expect(quoteView('accepted', facts({ deletedAt: new Date() }), viewer())).toEqual({
      state: 'deleted',
      showQuoted: false,
    });
  });

  it('says unauthorized for what the viewer may not see, flags blocks and mutes', () => {
    const privateQuoted = facts({ visibility: StatusVisibility.Private });
    expect(quoteView('accepted', privateQuoted, viewer())).toEqual({
      state: 'unauthorized',
      showQuoted: false,
    });
    expect(quoteView('accepted', privateQuoted, anonymousRelations()).state).toBe('unauthorized');
    expect(quoteView('accepted', facts(), viewer({ blockedBy: new Set([AUTHOR]) })).state).toBe(
      'unauthorized',
    );
    expect(quoteView('accepted', facts(), viewer({ blocking: new Set([AUTHOR]) }))).toEqual({
      state: 'blocked_account',
      showQuoted: true,
    });
    expect(quoteView('accepted', facts(), viewer({ muting: new Set([AUTHOR]) })).state).toBe(
      'muted_account',
    );
    const remote = facts({ author: { id: AUTHOR, domain: 'far.example', suspendedAt: null } });
    expect(
      quoteView('accepted', remote, viewer({ domainBlocking: new Set(['far.example']) })).state,
    ).toBe('blocked_domain');
    expect(quoteView('accepted', privateQuoted, viewer({ viewerId: AUTHOR }))).toEqual({
      state: 'accepted',
      showQuoted: true,
    });
  });
});
