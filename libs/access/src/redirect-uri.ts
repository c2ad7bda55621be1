/** The out-of-band redirect URI: the code is shown on a page instead of being redirected. */
export const OOB_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob';

/** Schemes that would run code in the browser instead of handing a code to an app. */
const FORBIDDEN_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:']);

/**
 * The redirect URIs of a registration: a string (one per line) or a list of strings. Blank
 * entries are dropped; anything that is not a string gives null.
 */
export function parseRedirectUris(input: unknown): string[] | null {
  if (input === undefined || input === null) return [];
  const items = Array.isArray(input) ? input : [input];
  const uris: string[] = [];
  for (const item of items) {
    if (typeof item !== 'string') return null;
    for (const line of item.split(/\r?\n/)) {
      const uri = line.trim();
      if (uri && !uris.includes(uri)) uris.push(uri);
    }
  }
  return uris;
}

export type RedirectUriProblem = 'not_absolute' | 'fragment';

/** Why a redirect URI cannot be registered, or null when it can. */
export function redirectUriProblem(uri: string): RedirectUriProblem | null {
  if (uri === OOB_REDIRECT_URI) return null;
  if (/\s/.test(uri)) return 'not_absolute';
  let parsed: URL;
  try {
    parsed = new URL(uri);
  } catch {
    return 'not_absolute';
  }
  // `new URL` resolves nothing here, so a parse means a scheme was present.
  if (!/^[a-z][a-z0-9+.-]*:/i.test(uri) || FORBIDDEN_SCHEMES.has(parsed.protocol)) {
    return 'not_absolute';
  }
  if (uri.includes('#')) return 'fragment';
  return null;
}

/** Whether `uri` is exactly one of the registered redirect URIs. */
export function isRegisteredRedirectUri(uri: string, registered: readonly string[]): boolean {
  return registered.includes(uri);
}
