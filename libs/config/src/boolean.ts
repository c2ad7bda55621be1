const FALSE_VALUES = new Set(['', 'false', 'f', '0', 'off', 'no']);

/**
 * Rails-style truthiness for request parameters and environment variables: a short list of
 * spellings (and emptiness) mean false, anything else present means true.
 */
export function parseBoolean(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (Array.isArray(value)) return value.length > 0 && parseBoolean(value[value.length - 1]);
  return !FALSE_VALUES.has(String(value).trim().toLowerCase());
}
