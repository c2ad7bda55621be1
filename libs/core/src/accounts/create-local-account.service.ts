import { generateKeyPair } from 'node:crypto';
import { promisify } from 'node:util';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, User } from '@nestodon/domain';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { PasswordHasher } from './password-hasher';
import { FollowRecommendedAccountsService } from '../suggestions/follow-recommended-accounts.service';
import {
  checkEmail,
  checkLocale,
  checkPassword,
  checkUsername,
  FieldErrors,
  normalizeEmail,
  SignUpError,
} from './sign-up-rules';

const generateRsaKeyPair = promisify(generateKeyPair);

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

const UNIQUE_VIOLATION = '23505';

/**
 * Creates a local account and its user with Mastodon's sign-up rules. Used by registration
 * and the operator CLI. Every failed rule is reported at once as a ValidationError whose
 * details name the fields.
 */
@Injectable()
export class CreateLocalAccountService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly recommended: FollowRecommendedAccountsService,
  ) {}

  /** Runs in `manager`'s transaction when given, otherwise in one of its own. */
  async create(
    input: CreateLocalAccountInput,
    manager?: EntityManager,
  ): Promise<CreatedLocalAccount> {
    if (!manager) {
      const created = await this.dataSource.transaction((tx) => this.create(input, tx));
      // A usable new account follows the staff-recommended accounts (relationships).
      if (created.user.confirmedAt && created.user.approved) {
        await this.recommended.followAll(created.account);
      }
      return created;
    }

    const username = input.username?.trim() ?? '';
    const email = normalizeEmail(input.email ?? '');
    const reason = input.reason?.trim() || null;
    const errors = new FieldErrors();
    checkUsername(username, errors, { allowReserved: input.allowReservedUsername });
    checkEmail(email, errors);
    checkPassword(input.password, errors);
    if (!input.agreement) errors.add('agreement', SignUpError.accepted);
    const locale = checkLocale(input.locale, errors);
    if (input.reasonRequired && !reason) errors.add('reason', SignUpError.blank);
    await this.checkTaken(manager, username, email, errors);
    errors.throwIfAny();

    const [encryptedPassword, keys] = await Promise.all([
      this.hasher.hash(input.password!),
      generateRsaKeyPair('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      }),
    ]);

    try {
      const account = await manager.getRepository(Account).save(
        manager.getRepository(Account).create({
          username,
          domain: null,
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        }),
      );
      const user = await manager.getRepository(User).save(
        manager.getRepository(User).create({
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
        }),
      );
      user.account = account;
      return { account, user };
    } catch (error) {
      throw this.uniqueViolation(error) ?? error;
    }
  }

  private async checkTaken(
    manager: EntityManager,
    username: string,
    email: string,
    errors: FieldErrors,
  ): Promise<void> {
    const [usernameTaken, emailTaken] = await Promise.all([
      username && !errors.has('username')
        ? manager
            .getRepository(Account)
            .createQueryBuilder('account')
            .where('lower(account.username) = lower(:username)', { username })
            .andWhere('account.domain IS NULL')
            .getExists()
        : false,
      email && !errors.has('email')
        ? manager
            .getRepository(User)
            .createQueryBuilder('u')
            .where('lower(u.email) = :email', { email })
            .getExists()
        : false,
    ]);
    if (usernameTaken) errors.add('username', SignUpError.taken);
    if (emailTaken) errors.add('email', SignUpError.taken);
  }

  /** Two sign-ups racing for one name or address: the loser gets the same 422 as if it had lost earlier. */
  private uniqueViolation(error: unknown): Error | null {
    if (!(error instanceof QueryFailedError)) return null;
    const driver = error.driverError as { code?: string; constraint?: string };
    if (driver.code !== UNIQUE_VIOLATION) return null;
    if (driver.constraint === 'index_accounts_on_username_and_domain_lower') {
      return new FieldErrors().add('username', SignUpError.taken).toError();
    }
    if (driver.constraint === 'index_users_on_email_lower') {
      return new FieldErrors().add('email', SignUpError.taken).toError();
    }
    return null;
  }
}
