import {
  ALL_SCOPES,
  expandScopes,
  isKnownScope,
  parseScopes,
  scopesPermit,
  scopesWithin,
} from './scopes';

describe('scopes', () => {
  it('knows every top-level and granular scope, and no bare admin', () => {
    for (const scope of [
      'read',
      'write',
      'follow',
      'push',
      'profile',
      'admin:read',
      'admin:write',
    ]) {
      expect(isKnownScope(scope)).toBe(true);
    }
    expect(isKnownScope('read:statuses')).toBe(true);
    expect(isKnownScope('admin:write:reports')).toBe(true);
    expect(isKnownScope('admin')).toBe(false);
    expect(isKnownScope('read:everything')).toBe(false);
    expect(new Set(ALL_SCOPES).size).toBe(ALL_SCOPES.length);
  });

  it('parses space and plus separated strings', () => {
    expect(parseScopes('read  write+follow read')).toEqual(['read', 'write', 'follow']);
    expect(parseScopes(undefined)).toEqual([]);
  });

  it('lets a parent grant its children', () => {
    expect(scopesPermit(['read'], ['read:accounts'])).toBe(true);
    expect(scopesPermit(['write'], ['read:accounts'])).toBe(false);
    expect(scopesPermit(['read:statuses'], ['read:accounts'])).toBe(false);
    expect(scopesPermit(['admin:read'], ['admin:read:accounts'])).toBe(true);
  });

  it('expands follow into the relationship scopes as Mastodon does', () => {
    const follow = expandScopes(['follow']);
    for (const scope of [
      'read:blocks',
      'write:blocks',
      'read:follows',
      'write:follows',
      'read:mutes',
      'write:mutes',
    ]) {
      expect(follow.has(scope)).toBe(true);
    }
    expect(follow.has('read:statuses')).toBe(false);
  });

  it('checks requested scopes against registered ones', () => {
    expect(scopesWithin(['read:accounts', 'write'], ['read', 'write'])).toBe(true);
    expect(scopesWithin(['push'], ['read', 'write'])).toBe(false);
    expect(scopesWithin(['read'], ['read:accounts'])).toBe(false);
  });
});
