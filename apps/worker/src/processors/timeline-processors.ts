import { Type } from '@nestjs/common';
import { JobProcessor } from '@nestodon/queue';
import { FeedMergeProcessor } from './feed-merge.processor';
import { FeedUnmergeProcessor } from './feed-unmerge.processor';
import { RegenerateHomeFeedProcessor } from './regenerate-home-feed.processor';
import { AfterBlockProcessor } from './after-block.processor';
import { AfterMuteProcessor } from './after-mute.processor';
import { AfterDomainBlockProcessor } from './after-domain-block.processor';
import { NotifyProcessor } from './notify.processor';
import { NotifyAdminsOfSignUpProcessor } from './notify-admins-of-sign-up.processor';

/** Processors of the timelines work (issue 6): each hands the ids to one core service. */
export const TIMELINE_PROCESSORS: Type<JobProcessor>[] = [
  FeedMergeProcessor,
  FeedUnmergeProcessor,
  RegenerateHomeFeedProcessor,
  AfterBlockProcessor,
  AfterMuteProcessor,
  AfterDomainBlockProcessor,
  NotifyProcessor,
  NotifyAdminsOfSignUpProcessor,
];
