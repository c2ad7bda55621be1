import {
  acceptsRequestOnUnlock,
  decideEndorse,
  decideFollow,
  FollowFacts,
  followLimitFor,
  isAccountHidden,
  isAccountUnavailable,
  mayFollowMore,
  networkVisibility,
} from '.';

const target = {
  id: '2',
  domain: null,
  locked: false,
  suspendedAt: null,
  movedToAccountId: null,
};
const facts = (overrides: Partial<FollowFacts> = {}): FollowFacts => ({
  source: { id: '1', silencedAt: null },
  target,
  blockedBy: false,
  blocking: false,
  domainBlocking: false,
  ...overrides,
});

describe('decideFollow', () => {
  it('follows an unlocked local account at once', () => {
    expect(decideFollow(facts())).toBe('follow');
  });

  it('asks a locked account, and asks for a silenced follower or a remote target', () => {
    expect(decideFollow(facts({ target: { ...target, locked: true } }))).toBe('request');
    expect(decideFollow(facts({ source: { id: '1', silencedAt: new Date() } }))).toBe('request');
    expect(decideFollow(facts({ target: { ...target, domain: 'remote.example' } }))).toBe(
      'request',
    );
  });

  it('treats yourself and suspended accounts as not found', () => {
    expect(decideFollow(facts({ target: { ...target, id: '1' } }))).toBe('not_found');
    expect(decideFollow(facts({ target: { ...target, suspendedAt: new Date() } }))).toBe(
      'not_found',
    );
  });

  it('forbids following across a block, a blocked domain or to a moved account', () => {
    expect(decideFollow(facts({ blockedBy: true }))).toBe('forbidden');
    expect(decideFollow(facts({ blocking: true }))).toBe('forbidden');
    expect(decideFollow(facts({ domainBlocking: true }))).toBe('forbidden');
    expect(decideFollow(facts({ target: { ...target, movedToAccountId: '9' } }))).toBe('forbidden');
  });

  it('checks blocks before the lock, so a blocked follower learns nothing more', () => {
    expect(decideFollow(facts({ blockedBy: true, target: { ...target, locked: true } }))).toBe(
      'forbidden',
    );
  });
});

describe('follow limit', () => {
  it('allows 7,500 follows, then 1.1 × followers', () => {
    expect(followLimitFor({ followersCount: 10 })).toBe(7500);
    expect(followLimitFor({ followersCount: 10000 })).toBe(11000);
    expect(mayFollowMore({ followingCount: 7499, followersCount: 0 })).toBe(true);
    expect(mayFollowMore({ followingCount: 7500, followersCount: 0 })).toBe(false);
    expect(mayFollowMore({ followingCount: 8000, followersCount: 8000 })).toBe(true);
  });
});

describe('acceptsRequestOnUnlock', () => {
  it('accepts everyone but silenced requesters', () => {
    expect(acceptsRequestOnUnlock({ silencedAt: null })).toBe(true);
    expect(acceptsRequestOnUnlock({ silencedAt: new Date() })).toBe(false);
  });
});

describe('isAccountHidden', () => {
  const confirmed = { confirmedAt: new Date(), approved: true };
  it('hides local accounts that cannot sign in yet', () => {
    expect(isAccountHidden({ domain: null }, confirmed)).toBe(false);
    expect(isAccountHidden({ domain: null }, { ...confirmed, confirmedAt: null })).toBe(true);
    expect(isAccountHidden({ domain: null }, { ...confirmed, approved: false })).toBe(true);
    expect(isAccountHidden({ domain: null }, null)).toBe(true);
  });

  it('never hides remote accounts for their (absent) login', () => {
    expect(isAccountHidden({ domain: 'remote.example' }, null)).toBe(false);
  });

  it('calls suspended accounts unavailable', () => {
    expect(isAccountUnavailable({ suspendedAt: new Date() })).toBe(true);
    expect(isAccountUnavailable({ suspendedAt: null })).toBe(false);
  });
});

describe('networkVisibility', () => {
  const owner = { id: '1', suspendedAt: null, hideCollections: null };
  it('shows the owner everything, others a filtered list', () => {
    expect(networkVisibility({ owner, viewerId: '1', ownerBlocksViewer: false })).toBe('full');
    expect(networkVisibility({ owner, viewerId: '2', ownerBlocksViewer: false })).toBe('filtered');
    expect(networkVisibility({ owner, viewerId: null, ownerBlocksViewer: false })).toBe('filtered');
  });

  it('hides the network when the owner asks, blocks the viewer or is suspended', () => {
    const hiding = { ...owner, hideCollections: true };
    expect(networkVisibility({ owner: hiding, viewerId: '2', ownerBlocksViewer: false })).toBe(
      'hidden',
    );
    expect(networkVisibility({ owner: hiding, viewerId: '1', ownerBlocksViewer: false })).toBe(
      'full',
    );
    expect(networkVisibility({ owner, viewerId: '2', ownerBlocksViewer: true })).toBe('hidden');
    expect(
      networkVisibility({
        owner: { ...owner, suspendedAt: new Date() },
        viewerId: '1',
        ownerBlocksViewer: false,
      }),
    ).toBe('hidden');
  });
});

describe('decideEndorse', () => {
  it('needs a follow and another account', () => {
    expect(decideEndorse({ sourceId: '1', targetId: '2', following: true })).toBe('ok');
    expect(decideEndorse({ sourceId: '1', targetId: '2', following: false })).toBe('not_following');
    expect(decideEndorse({ sourceId: '1', targetId: '1', following: true })).toBe('self');
  });
});
