import { Injectable } from '@nestjs/common';
import { Permission, UserRepository } from '@nestodon/domain';
import { NotifyService } from './notify.service';

/**
 * admin.sign_up: tells every staff member whose role may manage users (or administer) that an
 * account signed up. The new account itself is never told.
 */
@Injectable()
export class NotifyAdminsOfSignUpService {
  constructor(
    private readonly users: UserRepository,
    private readonly notify: NotifyService,
  ) {}

  /** Returns how many notifications were created. */
  async call(accountId: string): Promise<number> {
    let created = 0;
    const staff = await this.users.accountIdsWithAnyPermission(
      Permission.ManageUsers | Permission.Administrator,
      accountId,
    );
    for (const recipientId of staff) {
      const { notification } = await this.notify.call({
        recipientId,
        type: 'admin.sign_up',
        fromAccountId: accountId,
      });
      if (notification) created++;
    }
    return created;
  }
}
