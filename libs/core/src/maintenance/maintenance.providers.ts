import { Provider } from '@nestjs/common';
import { BuildFeedsService } from './build-feeds.service';
import { ClearFeedsService } from './clear-feeds.service';
import { FixDuplicatesService } from './fix-duplicates.service';
import { RemoveOrphanedConversationsService } from './remove-orphaned-conversations.service';
import { RemoveUnreferencedStatusesService } from './remove-unreferenced-statuses.service';

/**
 * Operator maintenance (the CLI's feeds, statuses and maintenance commands), registered by CoreModule; the
 * media step of `statuses remove` is the media feature's RemoveOrphanedMediaService.
 */
export const MAINTENANCE_PROVIDERS: Provider[] = [
  BuildFeedsService,
  ClearFeedsService,
  RemoveUnreferencedStatusesService,
  RemoveOrphanedConversationsService,
  FixDuplicatesService,
];
