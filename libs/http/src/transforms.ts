import { parseBoolean } from '@nestodon/config';
import { Transform } from 'class-transformer';

/** Request booleans the Rails way: false, f, 0, off, no and empty are false. */
export const ToBoolean = () =>
  Transform(({ obj, key }: { obj: Record<string, unknown>; key: string }) =>
    obj[key] === undefined ? undefined : parseBoolean(obj[key]),
  );

/** Integers from strings; anything else is left for the validator to reject. */
export const ToInteger = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value,
  );

/** A single value or a list becomes a list (`id=1` and `id[]=1` both work). */
export const ToArray = () =>
  Transform(({ value }: { value: unknown }) =>
    value === undefined || value === null || value === ''
      ? undefined
      : Array.isArray(value)
        ? value
        : typeof value === 'object'
          ? Object.values(value as object) // qs turns id[0]=..&id[1]=.. into an object past its array limit
          : [value],
  );
