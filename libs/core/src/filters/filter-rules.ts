import {
  FILTER_ACTION_NAMES,
  FILTER_CONTEXTS,
  FilterAction,
  FilterContextName,
  ValidationError,
} from '@nestodon/domain';

/** Longest title and keyword accepted (Mastodon sets none; this keeps rows sane). */
export const MAX_FILTER_TEXT_LENGTH = 512;
/** Longest expires_in accepted: about 68 years; longer is simply "never". */
export const MAX_EXPIRES_IN = 2 ** 31 - 1;

export function parseFilterTitle(title: string | undefined): string {
  const trimmed = (title ?? '').trim();
  if (!trimmed) throw new ValidationError("Validation failed: Title can't be blank");
  if ([...trimmed].length > MAX_FILTER_TEXT_LENGTH) {
    throw new ValidationError(
      `Validation failed: Title is too long (maximum is ${MAX_FILTER_TEXT_LENGTH} characters)`,
    );
  }
  return trimmed;
}

/** Blank entries dropped; at least one, each a known context. */
export function parseFilterContext(context: string[] | undefined): FilterContextName[] {
  const values = [...new Set((context ?? []).map((value) => String(value).trim()).filter(Boolean))];
  if (values.length === 0) throw new ValidationError("Validation failed: Context can't be blank");
  if (values.some((value) => !(FILTER_CONTEXTS as readonly string[]).includes(value))) {
    throw new ValidationError('Validation failed: Context None or invalid context supplied');
  }
  return values as FilterContextName[];
}

export function parseFilterAction(name: string): FilterAction {
  const index = (FILTER_ACTION_NAMES as readonly string[]).indexOf(name);
  if (index < 0) {
    throw new ValidationError(
      `Validation failed: Filter action must be one of ${FILTER_ACTION_NAMES.join(', ')}`,
    );
  }
  return index as FilterAction;
}

/** `expires_in` seconds from now; null (blank) means never. */
export function parseExpiresIn(value: number | null | undefined, now = new Date()): Date | null {
  if (value === null || value === undefined) return null;
  if (!Number.isInteger(value) || value <= 0 || value > MAX_EXPIRES_IN) {
    throw new ValidationError(
      `Validation failed: Expires in must be a whole number of seconds between 1 and ${MAX_EXPIRES_IN}`,
    );
  }
  return new Date(now.getTime() + value * 1000);
}

export function parseKeyword(keyword: string | undefined): string {
  const value = (keyword ?? '').trim();
  if (!value) throw new ValidationError("Validation failed: Keyword can't be blank");
  if ([...value].length > MAX_FILTER_TEXT_LENGTH) {
    throw new ValidationError(
      `Validation failed: Keyword is too long (maximum is ${MAX_FILTER_TEXT_LENGTH} characters)`,
    );
  }
  return value;
}
