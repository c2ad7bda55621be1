import { Injectable } from '@nestjs/common';
import { PollRepository, Status, StatusEdit, StatusRepository } from '@nestodon/domain';
import { StatusQueries, Viewer } from './status-queries';

/** GET /api/v1/statuses/:id/history: every version of a visible status, oldest first. */
@Injectable()
export class FetchStatusHistoryService {
  constructor(
    private readonly statuses: StatusRepository,
    private readonly polls: PollRepository,
    private readonly visibility: StatusQueries,
  ) {}

  async call(
    statusId: string,
    viewer: Viewer,
  ): Promise<{ status: Status; edits: StatusEdit[]; pollOptions: string[] | null }> {
    const { status } = await this.visibility.findVisible(statusId, viewer);
    const [edits, poll] = await Promise.all([
      this.statuses.edits(status.id),
      status.pollId ? this.polls.findById(status.pollId) : Promise.resolve(null),
    ]);
    return { status, edits, pollOptions: poll?.options ?? null };
  }
}
