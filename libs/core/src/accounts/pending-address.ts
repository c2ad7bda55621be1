import { Transaction, User, UserRepository } from '@nestodon/domain';
import { checkEmail, normalizeEmail, SignUpError, signUpErrors } from './sign-up-rules';

/**
 * What `unconfirmed_email` becomes when a user's address is to change to `email`: null when it
 * is the current address, the normalized address otherwise, once checked for format and for
 * use by another user (ValidationError with Mastodon's sign-up details). The login address
 * changes only when the new one is confirmed.
 */
export async function pendingAddress(
  users: UserRepository,
  user: Pick<User, 'id' | 'email'>,
  email: string,
  tx?: Transaction,
): Promise<string | null> {
  const normalized = normalizeEmail(email);
  const errors = signUpErrors();
  checkEmail(normalized, errors);
  const current = normalized === user.email.toLowerCase();
  if (!errors.has('email') && !current && (await users.emailTaken(normalized, user.id, tx))) {
    errors.add('email', SignUpError.taken);
  }
  errors.throwIfAny();
  return current ? null : normalized;
}
