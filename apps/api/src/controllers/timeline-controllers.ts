import { Type } from '@nestjs/common';
import { AccountListsController } from './api/v1/accounts/lists.controller';
import { FiltersV1Controller } from './api/v1/filters.controller';
import { ListAccountsController } from './api/v1/lists/accounts.controller';
import { ListsController } from './api/v1/lists.controller';
import { MarkersController } from './api/v1/markers.controller';
import { ConversationsController } from './api/v1/conversations.controller';
import { HomeTimelineController } from './api/v1/timelines/home.controller';
import { ListTimelineController } from './api/v1/timelines/list.controller';
import { PublicTimelineController } from './api/v1/timelines/public.controller';
import { TagTimelineController } from './api/v1/timelines/tag.controller';
import { LinkTimelineController } from './api/v1/timelines/link.controller';
import { NotificationsController } from './api/v1/notifications.controller';
import { NotificationPolicyV1Controller } from './api/v1/notifications/policy.controller';
import { NotificationRequestsController } from './api/v1/notifications/requests.controller';
import { NotificationsV2Controller } from './api/v2/notifications.controller';
import { NotificationPolicyController } from './api/v2/notifications/policy.controller';
import { FiltersV2Controller } from './api/v2/filters.controller';
import {
  FilterKeywordController,
  FilterKeywordsController,
} from './api/v2/filters/keywords.controller';
import {
  FilterStatusController,
  FilterStatusesController,
} from './api/v2/filters/statuses.controller';

/**
 * Timelines, lists, markers, filters, notifications and conversations (issue 6), in
 * registration order: specific paths before parameterised ones.
 */
export const TIMELINE_CONTROLLERS: Type[] = [
  HomeTimelineController,
  PublicTimelineController,
  TagTimelineController,
  LinkTimelineController,
  ListTimelineController,
  ConversationsController,
  AccountListsController,
  ListAccountsController,
  ListsController,
  MarkersController,
  FiltersV1Controller,
  FilterKeywordController,
  FilterStatusController,
  FilterKeywordsController,
  FilterStatusesController,
  FiltersV2Controller,
  NotificationRequestsController,
  NotificationPolicyV1Controller,
  NotificationsController,
  NotificationPolicyController,
  NotificationsV2Controller,
];
