import { Injectable } from '@nestjs/common';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class SystemPingProcessor implements JobProcessor<typeof JobName.SystemPing> {
  async process(
    _payload: JobPayloads[typeof JobName.SystemPing],
  ): Promise<JobResults[typeof JobName.SystemPing]> {
    return { processedAt: new Date().toISOString() };
  }
}
