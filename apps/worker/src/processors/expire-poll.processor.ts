import { Injectable } from '@nestjs/common';
import { ExpireOverduePollsService, ExpirePollService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.ExpirePoll;

/** Closes a poll at its end (early or repeated runs do nothing), then any overdue ones. */
@Injectable()
export class ExpirePollProcessor implements JobProcessor<Job> {
  constructor(
    private readonly expire: ExpirePollService,
    private readonly expireOverdue: ExpireOverduePollsService,
  ) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    const closed = await this.expire.call(payload.pollId);
    await this.expireOverdue.call();
    return { closed };
  }
}
