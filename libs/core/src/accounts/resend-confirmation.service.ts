import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { NotPermittedError, User } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { Repository } from 'typeorm';
import { checkEmail, FieldErrors, normalizeEmail, SignUpError } from './sign-up-rules';

export const NOT_SIGN_UP_APPLICATION =
  'This method is only available to the application the user originally signed-up with';
export const NOT_AWAITING_CONFIRMATION =
  'This method is only available while the e-mail is awaiting confirmation';

/**
 * POST /api/v1/emails/confirmations: mails the confirmation link again, optionally to a
 * corrected address. Only the app the user signed up with may ask, and only while an address
 * awaits confirmation. A corrected address waits in `unconfirmed_email` and replaces the
 * login address when confirmed.
 */
@Injectable()
export class ResendConfirmationService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly jobs: JobQueue,
  ) {}

  async resend(
    user: Pick<
      User,
      'id' | 'email' | 'confirmedAt' | 'unconfirmedEmail' | 'createdByApplicationId'
    > | null,
    applicationId: string | null,
    newEmail?: string,
  ): Promise<void> {
    if (!user || !applicationId || user.createdByApplicationId !== applicationId) {
      throw new NotPermittedError(NOT_SIGN_UP_APPLICATION);
    }
    if (user.confirmedAt && !user.unconfirmedEmail) {
      throw new NotPermittedError(NOT_AWAITING_CONFIRMATION);
    }
    if (newEmail !== undefined) await this.changeAddress(user, normalizeEmail(newEmail));
    await this.jobs.enqueue(JobName.SendConfirmationEmail, { userId: user.id });
  }

  private async changeAddress(user: Pick<User, 'id' | 'email'>, email: string): Promise<void> {
    const errors = new FieldErrors();
    checkEmail(email, errors);
    if (!errors.has('email') && email !== user.email.toLowerCase()) {
      const taken = await this.users
        .createQueryBuilder('u')
        .where('lower(u.email) = :email', { email })
        .andWhere('u.id <> :id', { id: user.id })
        .getExists();
      if (taken) errors.add('email', SignUpError.taken);
    }
    errors.throwIfAny();
    const unconfirmedEmail = email === user.email.toLowerCase() ? null : email;
    await this.users.update(user.id, { unconfirmedEmail });
  }
}
