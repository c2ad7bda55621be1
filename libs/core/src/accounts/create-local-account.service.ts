import { Injectable } from '@nestjs/common';
import {
  Account,
  AccountRepository,
  isUniqueViolation,
  Transaction,
  TransactionRunner,
  User,
  UserRepository,
} from '@nestodon/domain';
import { generateActorKeys } from '../actors/actor-keys';
import { FollowRecommendedAccountsService } from '../suggestions/follow-recommended-accounts.service';
import { PasswordHasher } from './password-hasher';
import {
  checkEmail,
  checkLocale,
  checkPassword,
  checkUsername,
  normalizeEmail,
  SignUpError,
  SignUpErrors,
  signUpErrors,
} from './sign-up-rules';

export interface CreateLocalAccountInput {
  username?: string;
  email?: string;
  password?: string;
  /** Must be true for sign-ups (the person accepted the server rules). */
  agreement: boolean;
  locale?: string | null;
  reason?: string | null;
  /** Sign-ups waiting for approval must say why they want an account. */
  reasonRequired?: boolean;
  /** Operators (CLI) may take reserved names such as admin. */
  allowReservedUsername?: boolean;
  confirmed?: boolean;
  approved: boolean;
  roleId?: string | null;
  createdByApplicationId?: string | null;
  inviteId?: string | null;
  signUpIp?: string | null;
}

export interface CreatedLocalAccount {
  account: Account;
  user: User;
}

/** The unique indexes that two sign-ups racing for one name or address run into. */
const TAKEN_BY_CONSTRAINT: Record<string, 'username' | 'email'> = {
  index_accounts_on_username_and_domain_lower: 'username',
  index_users_on_email_lower: 'email',
};

/**
 * Creates a local account and its user with Mastodon's sign-up rules. Used by registration
 * and the operator CLI. Every failed rule is reported at once as a ValidationError whose
 * details name the fields.
 */
@Injectable()
export class CreateLocalAccountService {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly accounts: AccountRepository,
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly recommended: FollowRecommendedAccountsService,
  ) {}

  /** Runs in `tx` when given, otherwise in a transaction of its own. */
  async call(input: CreateLocalAccountInput, tx?: Transaction): Promise<CreatedLocalAccount> {
    if (!tx) {
      const created = await this.transactions.run((own) => this.call(input, own));
      // A usable new account follows the staff-recommended accounts (relationships).
      if (created.user.confirmedAt && created.user.approved) {
        await this.recommended.call(created.account);
      }
      return created;
    }

    const username = input.username?.trim() ?? '';
    const email = normalizeEmail(input.email ?? '');
    const reason = input.reason?.trim() || null;
    const errors = signUpErrors();
    checkUsername(username, errors, { allowReserved: input.allowReservedUsername });
    checkEmail(email, errors);
    checkPassword(input.password, errors);
    if (!input.agreement) errors.add('agreement', SignUpError.accepted);
    const locale = checkLocale(input.locale, errors);
    if (input.reasonRequired && !reason) errors.add('reason', SignUpError.blank);
    await this.checkTaken(username, email, errors, tx);
    errors.throwIfAny();

    // Both are slow (argon2, RSA): done side by side, off the main thread.
    const [encryptedPassword, keys] = await Promise.all([
      this.hasher.hash(input.password!),
      generateActorKeys(),
    ]);

    try {
      const account = await this.accounts.insertLocal(username, keys, tx);
      const user = await this.users.insert(
        {
          accountId: account.id,
          email,
          encryptedPassword,
          locale,
          agreement: input.agreement,
          signUpReason: reason,
          confirmedAt: input.confirmed ? new Date() : null,
          approved: input.approved,
          roleId: input.roleId ?? null,
          createdByApplicationId: input.createdByApplicationId ?? null,
          inviteId: input.inviteId ?? null,
          signUpIp: input.signUpIp ?? null,
        },
        tx,
      );
      user.account = account;
      return { account, user };
    } catch (error) {
      throw takenError(error) ?? error;
    }
  }

  private async checkTaken(
    username: string,
    email: string,
    errors: SignUpErrors,
    tx: Transaction,
  ): Promise<void> {
    const [usernameTaken, emailTaken] = await Promise.all([
      username && !errors.has('username') ? this.accounts.localUsernameTaken(username, tx) : false,
      email && !errors.has('email') ? this.users.emailTaken(email, null, tx) : false,
    ]);
    if (usernameTaken) errors.add('username', SignUpError.taken);
    if (emailTaken) errors.add('email', SignUpError.taken);
  }
}

/** Two sign-ups racing for one name or address: the loser gets the same 422 as if it had lost earlier. */
function takenError(error: unknown): Error | null {
  if (!isUniqueViolation(error)) return null;
  const constraint = (error as { driverError?: { constraint?: string } }).driverError?.constraint;
  const field = constraint ? TAKEN_BY_CONSTRAINT[constraint] : undefined;
  return field ? signUpErrors().add(field, SignUpError.taken).toError() : null;
}
