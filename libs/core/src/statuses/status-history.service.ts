import { Injectable } from '@nestjs/common';
import { Poll, Status, StatusEdit } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { StatusVisibilityService, Viewer } from './status-visibility.service';

/** GET /api/v1/statuses/:id/history: every version of a visible status, oldest first. */
@Injectable()
export class StatusHistoryService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly visibility: StatusVisibilityService,
  ) {}

  async call(
    statusId: string,
    viewer: Viewer,
  ): Promise<{ status: Status; edits: StatusEdit[]; pollOptions: string[] | null }> {
    const { status } = await this.visibility.findVisible(statusId, viewer);
    const [edits, poll] = await Promise.all([
      this.dataSource
        .getRepository(StatusEdit)
        .find({ where: { statusId: status.id }, order: { id: 'ASC' } }),
      status.pollId
        ? this.dataSource.getRepository(Poll).findOneBy({ id: status.pollId })
        : Promise.resolve(null),
    ]);
    return { status, edits, pollOptions: poll?.options ?? null };
  }
}
