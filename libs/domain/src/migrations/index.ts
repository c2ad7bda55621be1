import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { OAuthRolesInvites1763700000001 } from './1763700000001-oauth-roles-invites';
import { AccountStats1763700000002 } from './1763700000002-account-stats';
import { AccountProfiles1763700300000 } from './1763700300000-account-profiles';
import { Relationships1763700400000 } from './1763700400000-relationships';
import { Tags1763700400001 } from './1763700400001-tags';
import { Suggestions1763700400002 } from './1763700400002-suggestions';
import { Statuses1763700500000 } from './1763700500000-statuses';
import { StatusesTags1763700500001 } from './1763700500001-statuses-tags';
import { ListsMarkersFilters1763700600000 } from './1763700600000-lists-markers-filters';
import { NotificationsConversations1763700600001 } from './1763700600001-notifications-conversations';
import { FollowsByTargetAndFollower1763700700000 } from './1763700700000-follows-by-target-and-follower';
import { AuthorizationCodeTokens1763700900000 } from './1763700900000-authorization-code-tokens';
import { ActorKeys1763701000000 } from './1763701000000-actor-keys';
import { Quotes1763701500000 } from './1763701500000-quotes';
import { ProfileTabs1763701500001 } from './1763701500001-profile-tabs';
import { Collections1763701500002 } from './1763701500002-collections';
import { AnnualReports1763701500003 } from './1763701500003-annual-reports';
import { Settings1763701600000 } from './1763701600000-settings';
import { WebPushSubscriptions1763701700000 } from './1763701700000-web-push-subscriptions';
import { MediaProcessing1763701700000 } from './1763701700000-media-processing';
import { Reports1795480141673 } from './1795480141673-reports';
import { Announcements1795480297517 } from './1795480297517-announcements';
import { Search1795480396643 } from './1795480396643-search';
import { AccountModeration1795480523049 } from './1795480523049-account-moderation';
import { Tombstones1795481093700 } from './1795481093700-tombstones';
import { AccountDomainPrefix1795481404677 } from './1795481404677-account-domain-prefix';
import { DomainBlocks1795481796415 } from './1795481796415-domain-blocks';
import { PreviewCards1795481899554 } from './1795481899554-preview-cards';
import { TermsOfService1795482186027 } from './1795482186027-terms-of-service';
import { AccessBlocks1795482333645 } from './1795482333645-access-blocks';
import { Trends1795482628416 } from './1795482628416-trends';
import { ModerationWarningNotifications1795482908174 } from './1795482908174-moderation-warning-notifications';
import { StatusIdempotencyKeys1795485634021 } from './1795485634021-status-idempotency-keys';
import { EphemeralState1795490073909 } from './1795490073909-ephemeral-state';
import { PostgresFeedsAndPubSub1795490309387 } from './1795490309387-postgres-feeds-and-pubsub';
import { PreviewCardProviders1795490356110 } from './1795490356110-preview-card-providers';
import { AccountAliases1795491229000 } from './1795491229000-account-aliases';
import { RenderVersions1795492000000 } from './1795492000000-render-versions';
/** Every migration in order; listed explicitly so compiled code and tests load the same set. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  OAuthRolesInvites1763700000001,
  AccountStats1763700000002,
  AccountProfiles1763700300000,
  Relationships1763700400000,
  Tags1763700400001,
  Suggestions1763700400002,
  Statuses1763700500000,
  StatusesTags1763700500001,
  ListsMarkersFilters1763700600000,
  NotificationsConversations1763700600001,
  FollowsByTargetAndFollower1763700700000,
  AuthorizationCodeTokens1763700900000,
  ActorKeys1763701000000,
  Quotes1763701500000,
  ProfileTabs1763701500001,
  Collections1763701500002,
  AnnualReports1763701500003,
  Settings1763701600000,
  MediaProcessing1763701700000,
  WebPushSubscriptions1763701700000,
  Reports1795480141673,
  Announcements1795480297517,
  Search1795480396643,
  AccountModeration1795480523049,
  Tombstones1795481093700,
  AccountDomainPrefix1795481404677,
  DomainBlocks1795481796415,
  PreviewCards1795481899554,
  TermsOfService1795482186027,
  AccessBlocks1795482333645,
  Trends1795482628416,
  ModerationWarningNotifications1795482908174,
  StatusIdempotencyKeys1795485634021,
  EphemeralState1795490073909,
  PostgresFeedsAndPubSub1795490309387,
  PreviewCardProviders1795490356110,
  AccountAliases1795491229000,
  RenderVersions1795492000000,
];
