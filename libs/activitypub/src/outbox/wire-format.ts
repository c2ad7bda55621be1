import { PUBLIC_COLLECTION } from '@fedify/vocab';

/** Audience properties, where the public collection may appear. */
const AUDIENCE = new Set(['to', 'cc', 'bto', 'bcc', 'audience']);
const PUBLIC_CURIES = new Set(['as:Public', 'Public']);

type Json = unknown;

/**
 * An activity as it goes on the wire, from Fedify's compact JSON-LD: the public collection by
 * its full URI in audiences (as Mastodon writes it; some servers do not expand `as:Public`),
 * and `attachment` always a list. These are the rewrites Fedify's own sending applies before
 * it signs (its Object Integrity Proofs are computed over this form), applied to documents
 * under Fedify's contexts only, where they do not change the meaning.
 */
export function toWireFormat(json: Json, key?: string): Json {
  if (typeof json === 'string') {
    return key && AUDIENCE.has(key) && PUBLIC_CURIES.has(json) ? PUBLIC_COLLECTION.href : json;
  }
  if (Array.isArray(json)) return json.map((item) => toWireFormat(item, key));
  if (typeof json !== 'object' || json === null) return json;
  const entries = Object.entries(json).map(([name, value]) => {
    if (name === '@context') return [name, value];
    const rewritten = toWireFormat(value, name);
    const listed =
      name === 'attachment' && !Array.isArray(rewritten) && rewritten !== null
        ? [rewritten]
        : rewritten;
    return [name, listed];
  });
  return Object.fromEntries(entries);
}
