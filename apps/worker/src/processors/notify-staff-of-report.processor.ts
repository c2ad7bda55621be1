import { Injectable } from '@nestjs/common';
import { NotifyStaffOfReportService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

@Injectable()
export class NotifyStaffOfReportProcessor implements JobProcessor<
  typeof JobName.NotifyStaffOfReport
> {
  constructor(private readonly notifier: NotifyStaffOfReportService) {}
  async process(
    payload: JobPayloads[typeof JobName.NotifyStaffOfReport],
  ): Promise<JobResults[typeof JobName.NotifyStaffOfReport]> {
    await this.notifier.call(payload.reportId);
  }
}
