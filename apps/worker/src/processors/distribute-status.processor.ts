import { Injectable } from '@nestjs/common';
import { StatusRepository } from '@nestodon/domain';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.DistributeStatus;

/**
 * A status was posted, reblogged or edited. For now it only loads the status: fan-out to home
 * and list feeds and publishing to the streaming channels are the timelines work's to add here
 * (FanOutOnWriteService), which is why nothing is published yet.
 */
@Injectable()
export class DistributeStatusProcessor implements JobProcessor<Job> {
  readonly job = JobName.DistributeStatus;

  constructor(private readonly statuses: StatusRepository) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    const status = await this.statuses.findOneWithRelations(payload.statusId);
    if (!status) return { distributed: false }; // deleted meanwhile
    // Fan-out (home and list feeds, streaming channels) goes here.
    return { distributed: false };
  }
}
