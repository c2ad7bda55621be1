import type { Account, User } from '@nestodon/domain';

export type AccountVisibilityFacts = Pick<Account, 'domain'>;
export type UserStateFacts = Pick<User, 'confirmedAt' | 'approved'>;

/**
 * A local account whose login is unconfirmed or awaiting approval (or that has no login, like
 * an instance actor) does not exist for the API yet: looking it up answers 404.
 */
export function isAccountHidden(
  account: AccountVisibilityFacts,
  user: UserStateFacts | null | undefined,
): boolean {
  if (account.domain !== null) return false;
  return !user || !user.confirmedAt || !user.approved;
}

/** Suspended accounts keep their id but show nothing and cannot be followed or listed. */
export function isAccountUnavailable(account: Pick<Account, 'suspendedAt'>): boolean {
  return account.suspendedAt !== null;
}
