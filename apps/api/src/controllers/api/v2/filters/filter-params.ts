import { parseBoolean } from '@nestodon/config';
import { KeywordAttributes } from '@nestodon/core';
import { ValidationError } from '@nestodon/domain';

/** A string parameter, or undefined; anything else is a 422. */
export function stringParam(body: Record<string, unknown>, name: string): string | undefined {
  const value = body[name];
  if (value === undefined) return undefined;
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string')
    throw new ValidationError(`Validation failed: ${name} must be a string`);
  return value;
}

/** `a[]=x&a[]=y`, `a=x`, JSON arrays; undefined when absent. */
export function stringListParam(body: Record<string, unknown>, name: string): string[] | undefined {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object'
      ? Object.values(value as object)
      : [value];
  if (list.some((item) => typeof item !== 'string')) {
    throw new ValidationError(`Validation failed: ${name} must be a list of strings`);
  }
  return list as string[];
}

export function booleanParam(body: Record<string, unknown>, name: string): boolean | undefined {
  return body[name] === undefined ? undefined : parseBoolean(body[name]);
}

/** Seconds; blank clears the expiry (null); absent leaves it (undefined). */
export function expiresInParam(body: Record<string, unknown>): number | null | undefined {
  const value = body.expires_in;
  if (value === undefined) return undefined;
  if (value === null || value === '') return null;
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) return Number(value);
  throw new ValidationError('Validation failed: Expires in must be a number of seconds');
}

/** Rails nested attributes: an array of hashes, or a hash of hashes keyed by index. */
export function keywordsAttributesParam(
  body: Record<string, unknown>,
): KeywordAttributes[] | undefined {
  const value = body.keywords_attributes;
  if (value === undefined || value === null || value === '') return undefined;
  const entries = Array.isArray(value)
    ? value
    : typeof value === 'object'
      ? Object.values(value as object)
      : null;
  if (
    !entries ||
    entries.some((entry) => typeof entry !== 'object' || entry === null || Array.isArray(entry))
  ) {
    throw new ValidationError('Validation failed: Keywords attributes must be a list of keywords');
  }
  return (entries as Array<Record<string, unknown>>).map((entry) => {
    const id = entry.id;
    return {
      id: id === undefined || id === null || id === '' ? undefined : String(id),
      keyword: stringParam(entry, 'keyword'),
      wholeWord: booleanParam(entry, 'whole_word'),
      destroy: booleanParam(entry, '_destroy'),
    };
  });
}
