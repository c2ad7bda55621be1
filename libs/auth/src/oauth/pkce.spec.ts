import { isWellFormedChallenge, verifyCodeVerifier } from './pkce';

describe('PKCE S256', () => {
  // RFC 7636, appendix B.
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('matches the RFC example', () => {
    expect(verifyCodeVerifier(verifier, challenge)).toBe(true);
    expect(isWellFormedChallenge(challenge)).toBe(true);
  });

  it('refuses other or malformed verifiers', () => {
    expect(verifyCodeVerifier(`${verifier.slice(0, -1)}A`, challenge)).toBe(false);
    expect(verifyCodeVerifier('short', challenge)).toBe(false);
    expect(verifyCodeVerifier(challenge, challenge)).toBe(false);
    expect(
      isWellFormedChallenge('has spaces in it and is long enough to pass the length check'),
    ).toBe(false);
  });
});
