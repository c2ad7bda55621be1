import { Injectable } from '@nestjs/common';
import { ScheduledStatusRepository } from '@nestodon/domain';
import { PublishScheduledStatusService } from './publish-scheduled-status.service';

/**
 * Publishes every scheduled status whose time has passed (a delayed job lost with Redis, a
 * worker that was down): the publication jobs sweep these on each run. Returns how many.
 */
@Injectable()
export class PublishDueScheduledStatusesService {
  constructor(
    private readonly scheduledStatuses: ScheduledStatusRepository,
    private readonly publish: PublishScheduledStatusService,
  ) {}

  async call(limit = 50, now = new Date()): Promise<number> {
    let published = 0;
    for (const id of await this.scheduledStatuses.dueIds(now, limit)) {
      if (await this.publish.call(id, now)) published++;
    }
    return published;
  }
}
