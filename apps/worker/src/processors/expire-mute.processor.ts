import { Injectable } from '@nestjs/common';
import { ExpireMutesService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

/** Ends a timed mute when its delay is up (see JobName.ExpireMute). */
@Injectable()
export class ExpireMuteProcessor implements JobProcessor<typeof JobName.ExpireMute> {
  constructor(private readonly mutes: ExpireMutesService) {}

  async process(
    payload: JobPayloads[typeof JobName.ExpireMute],
  ): Promise<JobResults[typeof JobName.ExpireMute]> {
    return { expired: await this.mutes.call(payload.muteId) };
  }
}
