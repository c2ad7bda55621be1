import { canonicalEmail, canonicalEmailHash, screenSignUp } from './access-block.policy';

describe('canonicalEmail', () => {
  it('drops dots and +tags of the local part and lowercases', () => {
    expect(canonicalEmail('Jo.Hn+news@Example.COM')).toBe('john@example.com');
    expect(canonicalEmailHash('john@example.com')).toBe(
      canonicalEmailHash('j.o.h.n+x@example.com'),
    );
    expect(canonicalEmailHash('john@example.com')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('screenSignUp', () => {
  const none = { ipSeverities: [], emailDomainBlocks: [], canonicalEmailBlocked: false };
  it('allows by default', () => expect(screenSignUp(none)).toBe('allowed'));
  it('refuses blocked IPs first', () => {
    expect(
      screenSignUp({ ...none, ipSeverities: ['sign_up_block'], canonicalEmailBlocked: true }),
    ).toBe('refused');
    expect(screenSignUp({ ...none, ipSeverities: ['no_access'] })).toBe('refused');
  });
  it('blocks addresses, unless the domain only needs approval', () => {
    expect(screenSignUp({ ...none, canonicalEmailBlocked: true })).toBe('email_blocked');
    expect(screenSignUp({ ...none, emailDomainBlocks: [{ allowWithApproval: false }] })).toBe(
      'email_blocked',
    );
    expect(screenSignUp({ ...none, emailDomainBlocks: [{ allowWithApproval: true }] })).toBe(
      'needs_approval',
    );
    expect(screenSignUp({ ...none, ipSeverities: ['sign_up_requires_approval'] })).toBe(
      'needs_approval',
    );
  });
});
