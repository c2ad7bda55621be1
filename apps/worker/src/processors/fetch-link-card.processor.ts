import { Injectable } from '@nestjs/common';
import { FetchLinkCardService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.FetchLinkCard;

/** Fetches the preview card of a new status's first link. */
@Injectable()
export class FetchLinkCardProcessor implements JobProcessor<Job> {
  readonly job = JobName.FetchLinkCard;

  constructor(private readonly cards: FetchLinkCardService) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    return { fetched: await this.cards.call(payload.statusId) };
  }
}
