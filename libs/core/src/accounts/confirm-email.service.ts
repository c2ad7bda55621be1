import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { digestToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  Account,
  OAuthApplication,
  RecordNotFoundError,
  User,
  ValidationError,
} from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { FollowRecommendedAccountsService } from '../suggestions/follow-recommended-accounts.service';

/** How long a confirmation link works after it was mailed. */
export const CONFIRMATION_VALIDITY_MS = 3 * 24 * 3600 * 1000;
export const OOB_REDIRECT_URI = 'urn:ietf:wg:oauth:2.0:oob';
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
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly recommended: FollowRecommendedAccountsService,
  ) {}

  async confirm(token: string, now = new Date()): Promise<ConfirmedEmail> {
    if (!token || token.length > 512)
      throw new RecordNotFoundError('This confirmation link is invalid');
    let becameUsable = false;
    const confirmed = await this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(User);
      const user = await users
        .createQueryBuilder('u')
        .setLock('pessimistic_write')
        .where('u.confirmationTokenDigest = :digest', { digest: digestToken(token) })
        .getOne();
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
        const taken = await users
          .createQueryBuilder('other')
          .where('lower(other.email) = lower(:email)', { email: user.unconfirmedEmail })
          .andWhere('other.id <> :id', { id: user.id })
          .getExists();
        if (taken) {
          throw new ValidationError('Validation failed: Email has already been taken', {
            email: [{ error: 'ERR_TAKEN', description: 'has already been taken' }],
          });
        }
        changes.email = user.unconfirmedEmail;
        changes.unconfirmedEmail = null;
      }
      if (!user.approved && this.config.instance.registrationsMode === 'open') {
        changes.approved = true;
      }
      await users.update(user.id, changes);
      becameUsable = Boolean(changes.confirmedAt && (user.approved || changes.approved));
      Object.assign(user, changes);

      const application = user.createdByApplicationId
        ? await manager
            .getRepository(OAuthApplication)
            .findOne({ where: { id: user.createdByApplicationId } })
        : null;
      return { user, redirectUri: application ? appRedirectUri(application) : null };
    });
    // The new account can be used now: it follows the staff-recommended accounts (relationships).
    if (becameUsable) {
      const account = await this.dataSource
        .getRepository(Account)
        .findOneBy({ id: confirmed.user.accountId });
      if (account) await this.recommended.followAll(account);
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
