/**
 * Mastodon-style snowflake ids: milliseconds since the Unix epoch shifted left by 16 bits, with a
 * 16-bit sequence below. PostgreSQL's timestamp_id() (first migration) mints them for new rows so
 * they stay unique across every process; these helpers translate between ids and times, e.g. to
 * page by date or to give a remote post an id that sorts by its publication time.
 */
const SEQUENCE_BITS = 16n;
const SEQUENCE_MASK = (1n << SEQUENCE_BITS) - 1n;

export function snowflakeAt(time: Date | number, sequence = 0): string {
  const ms = BigInt(typeof time === 'number' ? time : time.getTime());
  return ((ms << SEQUENCE_BITS) | (BigInt(sequence) & SEQUENCE_MASK)).toString();
}

export function snowflakeTime(id: string): Date {
  return new Date(Number(BigInt(id) >> SEQUENCE_BITS));
}

/** Decimal id strings as PostgreSQL bigint accepts them (malformed ids are "not found", not errors). */
export function isValidId(value: unknown): value is string {
  return (
    typeof value === 'string' && /^\d{1,19}$/.test(value) && BigInt(value) <= 9223372036854775807n
  );
}
