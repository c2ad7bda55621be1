import { REPLIES_POLICY_NAMES, RepliesPolicy, ValidationError } from '@nestodon/domain';

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
