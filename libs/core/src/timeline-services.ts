import { Provider } from '@nestjs/common';
import { STATUS_FILTER_MATCHER } from '@nestodon/serializers';
import { FeedFacts } from './feeds/feed-facts';
import { FeedManager } from './feeds/feed-manager';
import { ListFactsRepository } from './feeds/list-facts.repository';
import { MergeIntoFeedService } from './feeds/merge-into-feed.service';
import { RegenerateHomeFeedService } from './feeds/regenerate-home-feed.service';
import { UnmergeFromFeedService } from './feeds/unmerge-from-feed.service';
import { FetchFiltersService } from './filters/fetch-filters.service';
import { ManageFilterKeywordsService } from './filters/filter-keywords.service';
import { ManageFilterStatusesService } from './filters/filter-statuses.service';
import { FiltersChangedNotifier } from './filters/filters-changed';
import { SaveFilterV1Service } from './filters/save-filter-v1.service';
import { SaveFilterService } from './filters/save-filter.service';
import { StatusFilterService } from './filters/status-filter.service';
import { CreateListService } from './lists/create-list.service';
import { DeleteListService } from './lists/delete-list.service';
import { FetchListsService } from './lists/fetch-lists.service';
import { ManageListAccountsService } from './lists/manage-list-accounts.service';
import { UpdateListService } from './lists/update-list.service';
import { SaveMarkersService } from './markers/save-markers.service';
import { NotificationQueries } from './notifications/notification-queries';
import { NotifyService } from './notifications/notify.service';
import { NotifyAdminsOfSignUpService } from './notifications/notify-admins-of-sign-up.service';
import { ClearRelationshipTracesService } from './feeds/clear-relationship-traces.service';
import { RelationshipEffects } from './feeds/relationship-effects';
import { ConversationsService } from './conversations/conversations.service';
import { FanOutOnWriteService } from './feeds/fan-out-on-write.service';
import { UndistributeStatusService } from './feeds/undistribute-status.service';
import { FetchTimelinesService } from './timelines/fetch-timelines.service';
import { TimelineStatusLoader } from './timelines/timeline-status-loader';
import { DismissNotificationsService } from './notifications/dismiss-notifications.service';
import { FetchNotificationGroupsService } from './notifications/fetch-notification-groups.service';
import { FetchNotificationsService } from './notifications/fetch-notifications.service';
import { NotificationPolicyService } from './notifications/notification-policy.service';
import { NotificationRequestsService } from './notifications/notification-requests.service';

/** Timelines, feeds, lists, markers, filters and notifications (issue 6), for CoreModule. */
export const TIMELINE_SERVICES: Provider[] = [
  FeedManager,
  FeedFacts,
  ListFactsRepository,
  MergeIntoFeedService,
  UnmergeFromFeedService,
  RegenerateHomeFeedService,
  FetchListsService,
  CreateListService,
  UpdateListService,
  DeleteListService,
  ManageListAccountsService,
  SaveMarkersService,
  FiltersChangedNotifier,
  FetchFiltersService,
  SaveFilterService,
  SaveFilterV1Service,
  ManageFilterKeywordsService,
  ManageFilterStatusesService,
  StatusFilterService,
  { provide: STATUS_FILTER_MATCHER, useExisting: StatusFilterService },
  NotificationQueries,
  NotifyService,
  NotifyAdminsOfSignUpService,
  ClearRelationshipTracesService,
  RelationshipEffects,
  FetchNotificationsService,
  FetchNotificationGroupsService,
  DismissNotificationsService,
  NotificationPolicyService,
  NotificationRequestsService,
  ConversationsService,
  FanOutOnWriteService,
  UndistributeStatusService,
  FetchTimelinesService,
  TimelineStatusLoader,
];
