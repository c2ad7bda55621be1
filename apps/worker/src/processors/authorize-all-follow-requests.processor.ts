import { Injectable } from '@nestjs/common';
import { AuthorizeAllFollowRequestsService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.AuthorizeAllFollowRequests;

/** Accepts an unlocked account's pending follow requests. */
@Injectable()
export class AuthorizeAllFollowRequestsProcessor implements JobProcessor<Job> {
  constructor(private readonly requests: AuthorizeAllFollowRequestsService) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    // Only local accounts unlock (their profile update enqueues this job).
    return { accepted: await this.requests.call({ id: payload.accountId, domain: null }) };
  }
}
