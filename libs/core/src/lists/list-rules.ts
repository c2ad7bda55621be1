import {
  isValidId,
  RecordNotFoundError,
  REPLIES_POLICY_NAMES,
  RepliesPolicy,
  ValidationError,
} from '@nestodon/domain';

/** Mastodon's cap on lists per account. */
export const MAX_LISTS_PER_ACCOUNT = 50;

/** Longest title accepted (Mastodon sets none; this keeps rows sane). */
export const MAX_LIST_TITLE_LENGTH = 256;

export interface ListInput {
  title?: string;
  repliesPolicy?: string;
  exclusive?: boolean;
}

export function validateListTitle(title: string | undefined): string {
  const trimmed = (title ?? '').trim();
  if (!trimmed) throw new ValidationError("Validation failed: Title can't be blank");
  if ([...trimmed].length > MAX_LIST_TITLE_LENGTH) {
    throw new ValidationError(
      `Validation failed: Title is too long (maximum is ${MAX_LIST_TITLE_LENGTH} characters)`,
    );
  }
  return trimmed;
}

export function parseRepliesPolicy(name: string): RepliesPolicy {
  const index = (REPLIES_POLICY_NAMES as readonly string[]).indexOf(name);
  if (index < 0) {
    throw new ValidationError(
      `Validation failed: Replies policy must be one of ${REPLIES_POLICY_NAMES.join(', ')}`,
    );
  }
  return index as RepliesPolicy;
}

/** Most accounts one request may add to or remove from a list. */
export const MAX_LIST_ACCOUNTS_PER_REQUEST = 250;

/** account_ids[] of a membership change: at least one, at most 250, each an id (else 404). */
export function parseListAccountIds(accountIds: string[] | undefined): string[] {
  const ids = [...new Set(accountIds ?? [])];
  if (ids.length === 0) throw new ValidationError('Validation failed: account_ids is missing');
  if (ids.length > MAX_LIST_ACCOUNTS_PER_REQUEST) {
    throw new ValidationError(
      `Validation failed: at most ${MAX_LIST_ACCOUNTS_PER_REQUEST} accounts at once`,
    );
  }
  if (!ids.every(isValidId)) throw new RecordNotFoundError();
  return ids;
}
