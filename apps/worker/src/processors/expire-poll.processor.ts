import { Injectable } from '@nestjs/common';
import { ExpirePollService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.ExpirePoll;

/** Closes a poll at its end (early or repeated runs do nothing), then any overdue ones. */
@Injectable()
export class ExpirePollProcessor implements JobProcessor<Job> {
  readonly job = JobName.ExpirePoll;

  constructor(private readonly expire: ExpirePollService) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    const closed = await this.expire.call(payload.pollId);
    await this.expire.closeOverdue();
    return { closed };
  }
}
