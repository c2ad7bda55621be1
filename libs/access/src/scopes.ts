/**
 * Mastodon's OAuth scopes, defined once for the api and the streaming process. Holding a parent
 * scope grants all its children; `follow` (deprecated) grants the relationship scopes.
 */
export const SCOPE_TREE: Readonly<Record<string, readonly string[]>> = {
  read: [
    'read:accounts',
    'read:blocks',
    'read:bookmarks',
    'read:collections',
    'read:favourites',
    'read:filters',
    'read:follows',
    'read:lists',
    'read:mutes',
    'read:notifications',
    'read:search',
    'read:statuses',
  ],
  write: [
    'write:accounts',
    'write:blocks',
    'write:bookmarks',
    'write:collections',
    'write:conversations',
    'write:favourites',
    'write:filters',
    'write:follows',
    'write:lists',
    'write:media',
    'write:mutes',
    'write:notifications',
    'write:reports',
    'write:statuses',
  ],
  follow: [
    'read:blocks',
    'read:follows',
    'read:mutes',
    'write:blocks',
    'write:follows',
    'write:mutes',
  ],
  push: [],
  profile: [],
  'admin:read': [
    'admin:read:accounts',
    'admin:read:reports',
    'admin:read:domain_allows',
    'admin:read:domain_blocks',
    'admin:read:ip_blocks',
    'admin:read:email_domain_blocks',
    'admin:read:canonical_email_blocks',
  ],
  'admin:write': [
    'admin:write:accounts',
    'admin:write:reports',
    'admin:write:domain_allows',
    'admin:write:domain_blocks',
    'admin:write:ip_blocks',
    'admin:write:email_domain_blocks',
    'admin:write:canonical_email_blocks',
  ],
};

export const DEFAULT_SCOPES = ['read'];

/** Every scope a client may request, parents first. */
export const ALL_SCOPES: readonly string[] = [
  ...new Set([...Object.keys(SCOPE_TREE), ...Object.values(SCOPE_TREE).flat()]),
];
const KNOWN = new Set(ALL_SCOPES);

export function isKnownScope(scope: string): boolean {
  return KNOWN.has(scope);
}

/** Splits a space-separated (or +-separated) scope string; duplicates removed, order kept. */
export function parseScopes(value: string | null | undefined): string[] {
  return [...new Set((value ?? '').split(/[\s+]+/).filter(Boolean))];
}

/** The scopes a grant amounts to, parents expanded into their children. */
export function expandScopes(granted: Iterable<string>): Set<string> {
  const expanded = new Set<string>();
  for (const scope of granted) {
    expanded.add(scope);
    for (const child of SCOPE_TREE[scope] ?? []) expanded.add(child);
  }
  return expanded;
}

/** Whether a grant covers any of the scopes a route accepts. */
export function scopesPermit(granted: Iterable<string>, acceptable: readonly string[]): boolean {
  const expanded = granted instanceof Set ? granted : expandScopes(granted);
  return acceptable.some((scope) => expanded.has(scope));
}

/** Whether every requested scope is within what an app registered (children of a parent count). */
export function scopesWithin(requested: readonly string[], registered: readonly string[]): boolean {
  const allowed = expandScopes(registered);
  return requested.every((scope) => allowed.has(scope));
}
