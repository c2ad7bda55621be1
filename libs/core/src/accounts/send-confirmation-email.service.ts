import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { digestToken, generateToken } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { User } from '@nestodon/domain';
import { Repository } from 'typeorm';
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
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly mailer: Mailer,
  ) {}

  /** Returns null when there is nothing to confirm (already confirmed, or the user is gone). */
  async send(userId: string): Promise<SentMail | null> {
    const user = await this.users.findOne({ where: { id: userId }, relations: { account: true } });
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
