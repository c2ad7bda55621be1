import type { Message } from '@fedify/fedify';
import { Injectable } from '@nestjs/common';
import { FederationService } from '@nestodon/activitypub/federation';
import { JobName, JobPayloads, JobProcessor, JobResults } from '@nestodon/queue';

type Name = typeof JobName.ProcessInboundActivity;

/** An activity the api took in: Fedify runs the inbox handler of its type. */
@Injectable()
export class ProcessInboundActivityProcessor implements JobProcessor<Name> {
  constructor(private readonly federation: FederationService) {}

  async process(payload: JobPayloads[Name]): Promise<JobResults[Name]> {
    await this.federation.federation.processQueuedTask(
      { gone: null },
      payload.message as unknown as Message,
    );
  }
}
