import { Injectable } from '@nestjs/common';
import { UndistributeStatusService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.UndistributeStatus;

/** A status was deleted: take it out of feeds, streams, notifications and conversations. */
@Injectable()
export class UndistributeStatusProcessor implements JobProcessor<Job> {
  constructor(private readonly undistribution: UndistributeStatusService) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    await this.undistribution.call(payload.statusId, payload.accountId);
  }
}
