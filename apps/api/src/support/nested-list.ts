import { plainToInstance } from 'class-transformer';

/**
 * A list of nested objects as forms send it, a JSON array or a Rails hash keyed "0", "1", …,
 * with each object made an instance of `type` for nested validation. Anything else (a string,
 * a number) is returned as it came, for the validators to refuse.
 */
export function nestedList<T>(value: unknown, type: new () => T): unknown {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null
      ? Object.values(value as object)
      : value;
  return Array.isArray(list)
    ? list.map((item: unknown) =>
        item && typeof item === 'object' ? plainToInstance(type, item) : item,
      )
    : list;
}
