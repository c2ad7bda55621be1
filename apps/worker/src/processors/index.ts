import { Type } from '@nestjs/common';
import { JobProcessor } from '@nestodon/queue';
import { DistributeStatusProcessor } from './distribute-status.processor';
import { AuthorizeAllFollowRequestsProcessor } from './authorize-all-follow-requests.processor';
import { ExpirePollProcessor } from './expire-poll.processor';
import { PublishScheduledStatusProcessor } from './publish-scheduled-status.processor';
import { UndistributeStatusProcessor } from './undistribute-status.processor';
import { ExpireMuteProcessor } from './expire-mute.processor';
import { SendConfirmationEmailProcessor } from './send-confirmation-email.processor';
import { SystemPingProcessor } from './system-ping.processor';
import { TIMELINE_PROCESSORS } from './timeline-processors';

/** Every processor the worker runs; the api test harness runs them inline too. */
export const PROCESSORS: Type<JobProcessor>[] = [
  SystemPingProcessor,
  SendConfirmationEmailProcessor,
  ExpireMuteProcessor,
  AuthorizeAllFollowRequestsProcessor,
  DistributeStatusProcessor,
  UndistributeStatusProcessor,
  PublishScheduledStatusProcessor,
  ExpirePollProcessor,
  ...TIMELINE_PROCESSORS,
];
