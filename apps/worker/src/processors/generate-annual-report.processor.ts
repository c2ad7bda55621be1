import { Injectable } from '@nestjs/common';
import { GenerateAnnualReportService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.GenerateAnnualReport;

/** Computes an annual report (GET /api/v1/annual_reports/:year/state polls it). */
@Injectable()
export class GenerateAnnualReportProcessor implements JobProcessor<Job> {
  constructor(private readonly generator: GenerateAnnualReportService) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    return { generated: await this.generator.call(payload.accountId, payload.year) };
  }
}
