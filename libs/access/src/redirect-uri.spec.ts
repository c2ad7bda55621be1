import { OOB_REDIRECT_URI, parseRedirectUris, redirectUriProblem } from './redirect-uri';

describe('redirect URIs', () => {
  it('parses strings, newline-separated strings and lists', () => {
    expect(parseRedirectUris('https://a.example/cb')).toEqual(['https://a.example/cb']);
    expect(parseRedirectUris(' https://a.example/cb \r\n\nmyapp://x\n')).toEqual([
      'https://a.example/cb',
      'myapp://x',
    ]);
    expect(parseRedirectUris(['https://a.example/cb', 'myapp://x\nmyapp://x'])).toEqual([
      'https://a.example/cb',
      'myapp://x',
    ]);
    expect(parseRedirectUris(undefined)).toEqual([]);
    expect(parseRedirectUris({ a: 'https://a.example' })).toBeNull();
    expect(parseRedirectUris(['ok://x', 3])).toBeNull();
  });

  it('accepts absolute URIs of any app scheme and the out-of-band URI', () => {
    for (const uri of [
      OOB_REDIRECT_URI,
      'https://a.example/cb?x=1',
      'http://localhost:4000/cb',
      'myapp://oauth',
      'com.example.app:/oauth2redirect',
    ]) {
      expect(redirectUriProblem(uri)).toBeNull();
    }
  });

  it('refuses relative URIs, script schemes and fragments', () => {
    for (const uri of [
      '/cb',
      'cb',
      '//a.example/cb',
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'vbscript:x',
      'https://a.example/c b',
    ]) {
      expect(redirectUriProblem(uri)).toBe('not_absolute');
    }
    expect(redirectUriProblem('https://a.example/cb#frag')).toBe('fragment');
  });
});
