import { Injectable } from '@nestjs/common';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.UndistributeStatus;

/**
 * A status was deleted. Removing it from home and list feeds and publishing `delete` to the
 * streaming channels are the timelines work's to add here; reads already hide it.
 */
@Injectable()
export class UndistributeStatusProcessor implements JobProcessor<Job> {
  readonly job = JobName.UndistributeStatus;

  async process(_payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    return undefined;
  }
}
