import { Injectable } from '@nestjs/common';
import { isValidId, Poll, PollRepository, RecordNotFoundError, Status } from '@nestodon/domain';
import { StatusQueries, Viewer } from './status-queries';

/** Reads of polls as a viewer may see them (a read-only query service). */
@Injectable()
export class PollQueries {
  constructor(
    private readonly polls: PollRepository,
    private readonly visibility: StatusQueries,
  ) {}

  /** A poll whose status the viewer can see (404 otherwise, anonymous viewers included). */
  async findVisible(pollId: string, viewer: Viewer): Promise<{ poll: Poll; status: Status }> {
    if (!isValidId(pollId)) throw new RecordNotFoundError();
    const poll = await this.polls.findById(pollId);
    if (!poll?.statusId) throw new RecordNotFoundError();
    const { status } = await this.visibility.findVisible(poll.statusId, viewer);
    if (status.pollId !== poll.id) throw new RecordNotFoundError();
    return { poll, status };
  }
}
