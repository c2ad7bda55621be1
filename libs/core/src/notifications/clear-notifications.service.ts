import { Injectable } from '@nestjs/common';
import { Account, NotificationRepository } from '@nestodon/domain';

/** Deletes all of a user's notifications. */
@Injectable()
export class ClearNotificationsService {
  constructor(private readonly notifications: NotificationRepository) {}

  async call(viewer: Pick<Account, 'id'>): Promise<void> {
    await this.notifications.deleteAll(viewer.id);
  }
}
