import { Injectable } from '@nestjs/common';
import { FanOutOnWriteService } from '@nestodon/core';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Job = typeof JobName.DistributeStatus;

/** A status was posted, reblogged or edited: fan it out to feeds, streams and notifications. */
@Injectable()
export class DistributeStatusProcessor implements JobProcessor<Job> {
  constructor(private readonly fanOut: FanOutOnWriteService) {}

  async process(payload: JobPayloads[Job]): Promise<JobResults[Job]> {
    const result = await this.fanOut.call(payload.statusId, {
      update: payload.update,
      skipNotifications: payload.skipNotifications,
    });
    return {
      distributed: result !== null,
      feeds: {
        home: result?.homeFeeds ?? 0,
        list: result?.listFeeds ?? 0,
        tag: result?.tagFeeds ?? 0,
      },
    };
  }
}
