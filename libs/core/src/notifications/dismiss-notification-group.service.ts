import { Injectable } from '@nestjs/common';
import { Account, NotificationRepository, RecordNotFoundError } from '@nestodon/domain';
import { DismissNotificationService } from './dismiss-notification.service';

/** Dismisses every notification of a group (`ungrouped-<id>` is one notification). */
@Injectable()
export class DismissNotificationGroupService {
  constructor(
    private readonly notifications: NotificationRepository,
    private readonly dismissNotification: DismissNotificationService,
  ) {}

  async call(viewer: Pick<Account, 'id'>, groupKey: string): Promise<void> {
    const ungrouped = /^ungrouped-(\d{1,19})$/.exec(groupKey);
    if (ungrouped) return this.dismissNotification.call(viewer, ungrouped[1]);
    if (!(await this.notifications.deleteGroup(viewer.id, groupKey))) {
      throw new RecordNotFoundError();
    }
  }
}
