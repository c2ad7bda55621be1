import {
  domainAndParents,
  DomainBlockFacts,
  domainVerdict,
  isStricterThan,
  obfuscateDomain,
  ruleForDomain,
} from './domain-moderation.policy';

const block = (overrides: Partial<DomainBlockFacts> = {}): DomainBlockFacts => ({
  domain: 'example.com',
  severity: 'silence',
  rejectMedia: false,
  rejectReports: false,
  ...overrides,
});

describe('domain moderation', () => {
  it('lists a domain and its parents, most specific first', () => {
    expect(domainAndParents('a.b.example.com')).toEqual([
      'a.b.example.com',
      'b.example.com',
      'example.com',
      'com',
    ]);
  });

  it('rules subdomains by the nearest block', () => {
    const parent = block();
    const child = block({ domain: 'sub.example.com', severity: 'suspend' });
    expect(ruleForDomain('x.example.com', [parent, child])).toBe(parent);
    expect(ruleForDomain('a.sub.example.com', [parent, child])).toBe(child);
    expect(ruleForDomain('other.com', [parent, child])).toBeNull();
    expect(ruleForDomain('notexample.com', [parent])).toBeNull();
  });

  it('compares strictness as Mastodon', () => {
    expect(isStricterThan(block({ severity: 'suspend' }), block({ severity: 'suspend' }))).toBe(
      true,
    );
    expect(isStricterThan(block(), block({ severity: 'suspend' }))).toBe(false);
    expect(isStricterThan(block({ severity: 'noop' }), block())).toBe(false);
    expect(isStricterThan(block({ rejectMedia: true }), block())).toBe(true);
    expect(isStricterThan(block(), block({ rejectMedia: true }))).toBe(false);
  });

  it('gives federation a verdict', () => {
    expect(domainVerdict(block({ severity: 'suspend' }), false)).toEqual({
      blocked: true,
      silenced: false,
      rejectMedia: true,
      rejectReports: true,
      allowListed: false,
    });
    expect(domainVerdict(block({ rejectMedia: true }), true)).toEqual({
      blocked: false,
      silenced: true,
      rejectMedia: true,
      rejectReports: false,
      allowListed: true,
    });
    expect(domainVerdict(null, false).blocked).toBe(false);
  });

  it('obfuscates the middle of a domain', () => {
    expect(obfuscateDomain('example.com')).toBe('exa****.*om');
  });
});
