import { Provider } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { FeedEntryRepository } from '@nestodon/domain';
import { RedisService } from '@nestodon/platform';
import { ClearBlockTracesService } from './clear-block-traces.service';
import { ClearDomainBlockTracesService } from './clear-domain-block-traces.service';
import { ClearMuteTracesService } from './clear-mute-traces.service';
import { FanOutOnWriteService } from './fan-out-on-write.service';
import { FeedManager } from './feed-manager';
import { FeedPruner } from './feed-pruner';
import { PostgresFeedManager } from './postgres-feed-manager';
import { RedisFeedManager } from './redis-feed-manager';
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
  {
    provide: FeedManager,
    // Optional: a process without Redis need not provide RedisService.
    inject: [APP_CONFIG, FeedEntryRepository, { token: RedisService, optional: true }],
    useFactory: (config: AppConfig, entries: FeedEntryRepository, redis?: RedisService) =>
      config.redis.enabled ? new RedisFeedManager(redis!) : new PostgresFeedManager(entries),
  },
  FeedPruner,
  MergeIntoFeedService,
  NotifyStatusRecipientsService,
  RegenerateHomeFeedService,
  RelationshipEffects,
  UndistributeStatusService,
  UnmergeFromFeedService,
];
