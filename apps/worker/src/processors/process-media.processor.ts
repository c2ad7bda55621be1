import { Injectable } from '@nestjs/common';
import { ProcessMediaService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.ProcessMedia;

/** Converts an upload the api kept for the worker (a failure marks it failed). */
@Injectable()
export class ProcessMediaProcessor implements JobProcessor<Job> {
  readonly job = JobName.ProcessMedia;

  constructor(private readonly processing: ProcessMediaService) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    return { processed: await this.processing.call(payload.mediaAttachmentId) };
  }
}
