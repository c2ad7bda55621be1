import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  OAuthAccessTokenRepository,
  RecordNotFoundError,
  TransactionRunner,
  User,
  UserChanges,
  UserRepository,
  UserRole,
  userState,
  ValidationError,
} from '@nestodon/domain';
import { Channel, PublisherService, SystemEvent } from '@nestodon/pubsub';
import { JobName, JobQueue } from '@nestodon/queue';
import { RoleQueries } from '../roles/role-queries';
import { FollowRecommendedAccountsService } from '../suggestions/follow-recommended-accounts.service';
import { requireLocalUser } from './local-accounts';
import { PasswordHasher } from './password-hasher';
import { pendingAddress } from './pending-address';

export interface UserModifications {
  /** A new address; it replaces the login address once confirmed (at once with `confirm`). */
  email?: string;
  /** Confirm the e-mail address (a pending address change is applied). */
  confirm?: boolean;
  approve?: boolean;
  /** Role name to give; `removeRole` takes any role away. */
  role?: string;
  removeRole?: boolean;
  disable?: boolean;
  enable?: boolean;
  /** Replace the password with a generated one and sign the user out of every app. */
  resetPassword?: boolean;
}

export interface ModifiedUser {
  user: User & { role: UserRole | null };
  /** Set when the password was reset. */
  newPassword: string | null;
}

/**
 * `accounts modify` of the operator CLI: address, confirmation, approval, login, role and
 * password. A user who becomes able to sign in (confirmed and approved) follows the
 * recommended accounts, as after confirming by mail; a new unconfirmed address gets its
 * confirmation mail.
 */
@Injectable()
export class ModifyUserService {
  private readonly logger = new Logger(ModifyUserService.name);

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly users: UserRepository,
    private readonly tokens: OAuthAccessTokenRepository,
    private readonly roles: RoleQueries,
    private readonly hasher: PasswordHasher,
    private readonly recommended: FollowRecommendedAccountsService,
    private readonly jobs: JobQueue,
    private readonly publisher: PublisherService,
  ) {}

  async call(username: string, changes: UserModifications): Promise<ModifiedUser> {
    if (changes.disable && changes.enable) {
      throw new ValidationError('Choose either --disable or --enable, not both');
    }
    if (changes.role && changes.removeRole) {
      throw new ValidationError('Choose either --role or --remove-role, not both');
    }
    const role = changes.role ? await this.roles.byName(changes.role) : undefined;
    const newPassword = changes.resetPassword ? randomBytes(16).toString('hex') : null;
    const encryptedPassword = newPassword ? await this.hasher.hash(newPassword) : undefined;

    const { before, after } = await this.transactions.run(async (tx) => {
      const user = await requireLocalUser(this.users, username, tx);
      const update: UserChanges = {};
      if (changes.email !== undefined) {
        update.unconfirmedEmail = await pendingAddress(this.users, user, changes.email, tx);
      }
      if (changes.confirm) {
        if (!user.confirmedAt) update.confirmedAt = new Date();
        const address =
          changes.email !== undefined ? update.unconfirmedEmail : user.unconfirmedEmail;
        if (address) update.email = address;
        update.unconfirmedEmail = null;
        update.confirmationTokenDigest = null;
      }
      if (changes.approve) update.approved = true;
      if (changes.disable) update.disabled = true;
      if (changes.enable) update.disabled = false;
      if (role !== undefined) update.roleId = role.id;
      if (changes.removeRole) update.roleId = null;
      if (encryptedPassword) update.encryptedPassword = encryptedPassword;
      if (Object.keys(update).length > 0) await this.users.update(user.id, update, tx);
      if (encryptedPassword) await this.tokens.revokeAllOfUser(user.id, tx);
      const modified = await this.users.findWithRole(user.id, tx);
      if (!modified) throw new RecordNotFoundError();
      return { before: user, after: modified };
    });

    // Disabled, or every token revoked: the user's streaming connections close.
    if (changes.disable || encryptedPassword) {
      await this.publisher.publish(Channel.system(after.accountId), { event: SystemEvent.Kill });
    }
    if (after.unconfirmedEmail && after.unconfirmedEmail !== before.unconfirmedEmail) {
      await this.jobs
        .enqueue(JobName.SendConfirmationEmail, { userId: after.id })
        .catch((error: unknown) =>
          this.logger.warn(`confirmation mail for ${username} not queued: ${String(error)}`),
        );
    }
    const couldSignIn = before.confirmedAt !== null && before.approved;
    if (!couldSignIn && userState(after) === 'functional') {
      await this.recommended.call(before.account);
    }
    return { user: after, newPassword };
  }
}
