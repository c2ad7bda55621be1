import { domainToASCII } from 'node:url';

const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const HOST = new RegExp(`^${LABEL}(?:\\.${LABEL})*(?::\\d{1,5})?$`);

/**
 * A domain as accounts store it: lower case, punycode, no trailing dot or slash, optional
 * port. Returns null for anything that is not a host name (URLs, spaces, empty).
 */
export function normalizeDomain(input: string): string | null {
  const trimmed = input.trim().replace(/\/+$/, '').replace(/\.$/, '').toLowerCase();
  if (!trimmed || trimmed.length > 253) return null;
  const [host, port, ...rest] = trimmed.split(':');
  if (rest.length > 0 || (port !== undefined && !/^\d{1,5}$/.test(port))) return null;
  const ascii = domainToASCII(host);
  if (!ascii) return null;
  const domain = port === undefined ? ascii : `${ascii}:${port}`;
  return HOST.test(domain) ? domain : null;
}
