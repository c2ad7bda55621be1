import { Type } from '@nestjs/common';
import { JobProcessor } from '@nestodon/queue';
import { ExpireMuteProcessor } from './expire-mute.processor';
import { SendConfirmationEmailProcessor } from './send-confirmation-email.processor';
import { SystemPingProcessor } from './system-ping.processor';

/** Every processor the worker runs; the api test harness runs them inline too. */
export const PROCESSORS: Type<JobProcessor>[] = [
  SystemPingProcessor,
  SendConfirmationEmailProcessor,
  ExpireMuteProcessor,
];
