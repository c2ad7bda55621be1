import { Inject, Injectable } from '@nestjs/common';
import { digestToken, generateToken } from '@nestodon/access';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { UserRepository } from '@nestodon/domain';
import { renderConfirmationEmail } from '../mail/confirmation-email';
import { Mailer, SentMail } from '../mail/mailer';

/**
 * Mails a confirmation link to the address waiting for confirmation: the new address of a
 * pending change, or the sign-up address of an unconfirmed user. Each mail carries a fresh
 * token (only its digest is stored), so the newest link is the one that works.
 */
@Injectable()
export class SendConfirmationEmailService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly users: UserRepository,
    private readonly mailer: Mailer,
  ) {}

  /** Returns null when there is nothing to confirm (already confirmed, or the user is gone). */
  async call(userId: string): Promise<SentMail | null> {
    const user = await this.users.findWithAccount(userId);
    if (!user?.account) return null;
    const recipient = user.unconfirmedEmail ?? (user.confirmedAt ? null : user.email);
    if (!recipient) return null;

    const token = generateToken();
    await this.users.update(user.id, {
      confirmationTokenDigest: digestToken(token),
      confirmationSentAt: new Date(),
    });
    const url = new URL('/auth/confirmation', this.config.instance.baseUrl);
    url.searchParams.set('confirmation_token', token);
    return this.mailer.send(
      renderConfirmationEmail({
        to: recipient,
        username: user.account.username,
        instanceTitle: this.config.instance.title,
        domain: this.config.instance.localDomain,
        confirmationUrl: url.toString(),
        reconfirmation: user.confirmedAt !== null,
      }),
    );
  }
}
