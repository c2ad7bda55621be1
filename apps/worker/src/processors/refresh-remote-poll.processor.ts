import { Injectable } from '@nestjs/common';
import { FederationService } from '@nestodon/activitypub/federation';
import { RemoteStatuses } from '@nestodon/activitypub/inbox';
import { PollRepository, StatusRepository } from '@nestodon/domain';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.RefreshRemotePoll;

/** Fetches a remote poll's status again, for its current counts (and any edit). */
@Injectable()
export class RefreshRemotePollProcessor implements JobProcessor<Job> {
  constructor(
    private readonly polls: PollRepository,
    private readonly statuses: StatusRepository,
    private readonly federation: FederationService,
    private readonly remoteStatuses: RemoteStatuses,
  ) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    const poll = await this.polls.findById(payload.pollId);
    const status = poll?.statusId ? await this.statuses.findOneWithRelations(poll.statusId) : null;
    if (!status || status.local) return { refreshed: false };
    return { refreshed: await this.remoteStatuses.refresh(this.federation.context(), status) };
  }
}
