import { Injectable } from '@nestjs/common';
import { Account, isValidId, NotificationRepository, RecordNotFoundError } from '@nestodon/domain';

/** Dismisses one of the user's notifications (404 for anyone else's). */
@Injectable()
export class DismissNotificationService {
  constructor(private readonly notifications: NotificationRepository) {}

  async call(viewer: Pick<Account, 'id'>, id: string): Promise<void> {
    if (!isValidId(id) || !(await this.notifications.deleteOne(viewer.id, id))) {
      throw new RecordNotFoundError();
    }
  }
}
