import { Injectable } from '@nestjs/common';
import { digestToken, OOB_REDIRECT_URI } from '@nestodon/access';
import {
  AccountRepository,
  OAuthApplication,
  OAuthApplicationRepository,
  RecordNotFoundError,
  TransactionRunner,
  User,
  UserRepository,
  ValidationError,
} from '@nestodon/domain';
import { SettingsQueries } from '../settings/settings-queries';
import { FollowRecommendedAccountsService } from '../suggestions/follow-recommended-accounts.service';
import { SignUpError, signUpErrors } from './sign-up-rules';

/** How long a confirmation link works after it was mailed. */
export const CONFIRMATION_VALIDITY_MS = 3 * 24 * 3600 * 1000;
const UNSAFE_SCHEMES = new Set(['javascript:', 'data:', 'vbscript:', 'file:']);

export interface ConfirmedEmail {
  user: User;
  /** Where to send the person back to: the first redirect URI of the app they signed up with. */
  redirectUri: string | null;
}

/**
 * Follows a confirmation link: confirms the user, and moves a pending address change into
 * place. If the server has opened registrations since the sign-up, a pending user is approved
 * on confirmation as Mastodon does.
 */
@Injectable()
export class ConfirmEmailService {
  constructor(
    private readonly settings: SettingsQueries,
    private readonly transactions: TransactionRunner,
    private readonly users: UserRepository,
    private readonly accounts: AccountRepository,
    private readonly applications: OAuthApplicationRepository,
    private readonly recommended: FollowRecommendedAccountsService,
  ) {}

  async call(token: string, now = new Date()): Promise<ConfirmedEmail> {
    if (!token || token.length > 512)
      throw new RecordNotFoundError('This confirmation link is invalid');
    let becameUsable = false;
    const registrationsMode = await this.settings.registrationsMode();
    const confirmed = await this.transactions.run(async (tx) => {
      const user = await this.users.lockByConfirmationDigest(digestToken(token), tx);
      if (!user) throw new RecordNotFoundError('This confirmation link is invalid');
      if (
        !user.confirmationSentAt ||
        user.confirmationSentAt.getTime() + CONFIRMATION_VALIDITY_MS < now.getTime()
      ) {
        throw new ValidationError('This confirmation link has expired, please request a new one');
      }

      const changes: Partial<
        Pick<
          User,
          'confirmationTokenDigest' | 'confirmedAt' | 'email' | 'unconfirmedEmail' | 'approved'
        >
      > = { confirmationTokenDigest: null };
      if (!user.confirmedAt) changes.confirmedAt = now;
      if (user.unconfirmedEmail) {
        if (await this.users.emailTaken(user.unconfirmedEmail, user.id, tx)) {
          throw signUpErrors().add('email', SignUpError.taken).toError();
        }
        changes.email = user.unconfirmedEmail;
        changes.unconfirmedEmail = null;
      }
      if (!user.approved && registrationsMode === 'open') {
        changes.approved = true;
      }
      await this.users.update(user.id, changes, tx);
      becameUsable = Boolean(changes.confirmedAt && (user.approved || changes.approved));
      Object.assign(user, changes);

      const application = user.createdByApplicationId
        ? await this.applications.findById(user.createdByApplicationId, tx)
        : null;
      return { user, redirectUri: application ? appRedirectUri(application) : null };
    });
    // The new account can be used now: it follows the staff-recommended accounts (relationships).
    if (becameUsable) {
      const account = await this.accounts.findById(confirmed.user.accountId);
      if (account) await this.recommended.call(account);
    }
    return confirmed;
  }
}

/** The app's first registered redirect URI, unless it is the out-of-band one or unsafe. */
export function appRedirectUri(application: Pick<OAuthApplication, 'redirectUri'>): string | null {
  const first = application.redirectUri
    .split('\n')
    .map((uri) => uri.trim())
    .find((uri) => uri.length > 0);
  if (!first || first === OOB_REDIRECT_URI) return null;
  try {
    return UNSAFE_SCHEMES.has(new URL(first).protocol) ? null : first;
  } catch {
    return null;
  }
}
