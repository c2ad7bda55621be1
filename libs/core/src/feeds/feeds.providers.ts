import { Provider } from '@nestjs/common';
import { ClearBlockTracesService } from './clear-block-traces.service';
import { ClearDomainBlockTracesService } from './clear-domain-block-traces.service';
import { ClearMuteTracesService } from './clear-mute-traces.service';
import { FanOutOnWriteService } from './fan-out-on-write.service';
import { FeedManager } from './feed-manager';
import { FeedPruner } from './feed-pruner';
import { MergeIntoFeedService } from './merge-into-feed.service';
import { NotifyStatusRecipientsService } from './notify-status-recipients.service';
import { RegenerateHomeFeedService } from './regenerate-home-feed.service';
import { RelationshipEffects } from './relationship-effects';
import { UndistributeStatusService } from './undistribute-status.service';
import { UnmergeFromFeedService } from './unmerge-from-feed.service';

/** The feeds feature's providers, registered by CoreModule. */
export const FEEDS_PROVIDERS: Provider[] = [
  ClearBlockTracesService,
  ClearDomainBlockTracesService,
  ClearMuteTracesService,
  FanOutOnWriteService,
  FeedManager,
  FeedPruner,
  MergeIntoFeedService,
  NotifyStatusRecipientsService,
  RegenerateHomeFeedService,
  RelationshipEffects,
  UndistributeStatusService,
  UnmergeFromFeedService,
];
