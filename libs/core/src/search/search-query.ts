import { ValidationError } from '@nestodon/domain';

/** A word or quoted phrase to look for (or, negated, to leave out). */
export interface SearchTerm {
  text: string;
  phrase: boolean;
  negated: boolean;
}

export type SearchFilter =
  | { kind: 'from'; account: string; negated: boolean }
  | { kind: 'language'; language: string; negated: boolean }
  /** `has:`/`is:`; an unknown property is kept and matches nothing, as on Mastodon. */
  | { kind: 'property'; property: string; negated: boolean }
  | { kind: 'before' | 'after' | 'during'; date: string; negated: boolean };

/** Where to look: everything searchable (default), the viewer's library, or public posts. */
export type SearchScope = 'all' | 'library' | 'public';

export interface ParsedSearchQuery {
  terms: SearchTerm[];
  filters: SearchFilter[];
  scope: SearchScope;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const OPERATORS = new Set(['from', 'has', 'is', 'language', 'before', 'after', 'during', 'in']);

/** Mastodon's `language:` normalisation: `pt-BR` → `pt`; keeps what it cannot shorten. */
export function searchLanguageCode(term: string): string {
  return term.split(/[_-]/)[0].toLowerCase();
}

function validDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Splits a search into words, "quoted phrases" and Mastodon 4.2+ operators (`from:`, `has:`,
 * `is:`, `language:`, `before:`/`after:`/`during:`, `in:`), each optionally negated with `-`
 * (or required with `+`, the default). `name:value` with another name is an ordinary word, so
 * URLs and times stay searchable. A bad date or scope is a 422, as Mastodon's syntax error.
 */
export function parseSearchQuery(query: string): ParsedSearchQuery {
  const result: ParsedSearchQuery = { terms: [], filters: [], scope: 'all' };
  const token = /([+-]?)(?:([a-z]+):)?(?:"([^"]*)"?|(\S+))/giy;
  let rest = query.trim();
  while (rest.length > 0) {
    token.lastIndex = 0;
    const match = token.exec(rest);
    if (!match) break;
    rest = rest.slice(match[0].length).trimStart();
    const negated = match[1] === '-';
    const prefix = match[2]?.toLowerCase();
    const quoted = match[3];
    const value = quoted ?? match[4] ?? '';
    if (prefix === undefined || !OPERATORS.has(prefix)) {
      const text = prefix === undefined ? value : `${match[2]}:${value}`;
      if (text.trim() !== '') {
        result.terms.push({ text, phrase: quoted !== undefined, negated });
      }
      continue;
    }
    if (value === '') throw new ValidationError(`Invalid search query: ${prefix}: needs a value`);
    switch (prefix) {
      case 'from':
        result.filters.push({ kind: 'from', account: value.replace(/^@/, ''), negated });
        break;
      case 'has':
      case 'is':
        result.filters.push({ kind: 'property', property: value.toLowerCase(), negated });
        break;
      case 'language':
        result.filters.push({ kind: 'language', language: searchLanguageCode(value), negated });
        break;
      case 'in': {
        const scope = value.toLowerCase();
        if (scope !== 'all' && scope !== 'library' && scope !== 'public') {
          throw new ValidationError(`Invalid search query: unknown scope in:${value}`);
        }
        result.scope = scope;
        break;
      }
      default:
        if (!validDate(value)) {
          throw new ValidationError(`Invalid search query: ${prefix}: needs a YYYY-MM-DD date`);
        }
        result.filters.push({
          kind: prefix as 'before' | 'after' | 'during',
          date: value,
          negated,
        });
    }
  }
  return result;
}
