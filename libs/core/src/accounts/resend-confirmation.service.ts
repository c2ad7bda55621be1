import { Injectable } from '@nestjs/common';
import { NotPermittedError, User, UserRepository } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { pendingAddress } from './pending-address';

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
    private readonly users: UserRepository,
    private readonly jobs: JobQueue,
  ) {}

  async call(
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
    if (newEmail !== undefined) {
      await this.users.update(user.id, {
        unconfirmedEmail: await pendingAddress(this.users, user, newEmail),
      });
    }
    await this.jobs.enqueue(JobName.SendConfirmationEmail, { userId: user.id });
  }
}
