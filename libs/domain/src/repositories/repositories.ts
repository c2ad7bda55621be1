import { ReadReplica } from '../read-replica';
import { TransactionRunner } from '../transactions';
import { AccessBlockRepository } from './access-block.repository';
import { AccountConversationRepository } from './account-conversation.repository';
import { AccountDeletionRepository } from './account-deletion.repository';
import { AccountInteractionRepository } from './account-interaction.repository';
import { AccountMoveRepository } from './account-move.repository';
import { AccountNoteRepository } from './account-note.repository';
import { AccountStatsRepository } from './account-stats.repository';
import { AnnouncementRepository } from './announcement.repository';
import { AccountWarningRepository } from './account-warning.repository';
import { AnnualReportRepository } from './annual-report.repository';
import { AccountRepository } from './account.repository';
import { AdminAccountRepository } from './admin-account.repository';
import { BlockRepository } from './block.repository';
import { BookmarkRepository } from './bookmark.repository';
import { CollectionRepository } from './collection.repository';
import { ConversationMuteRepository } from './conversation-mute.repository';
import { CustomEmojiRepository } from './custom-emoji.repository';
import { CustomFilterRepository } from './custom-filter.repository';
import { DirectoryRepository } from './directory.repository';
import { DomainAllowRepository } from './domain-allow.repository';
import { DuplicateRepairRepository } from './duplicate-repair.repository';
import { DomainBlockRepository } from './domain-block.repository';
import { DomainPurgeRepository } from './domain-purge.repository';
import { PreviewCardRepository } from './preview-card.repository';
import { SearchRepository } from './search.repository';
import { TrendsRepository } from './trends.repository';
import { TrendReviewRepository } from './trend-review.repository';
import { MetricsRepository } from './metrics.repository';
import { AuditLogRepository } from './audit-log.repository';
import { EndorsementRepository } from './endorsement.repository';
import { EphemeralStateRepository } from './ephemeral-state.repository';
import { FanOutRepository } from './fan-out.repository';
import { FavouriteRepository } from './favourite.repository';
import { FeaturedTagsRepository } from './featured-tags.repository';
import { FeedEntryRepository } from './feed-entry.repository';
import { FeedFactsRepository } from './feed-facts.repository';
import { FeedRepository } from './feed.repository';
import { PubSubRepository } from './pubsub.repository';
import { FollowRecommendationRepository } from './follow-recommendation.repository';
import { FollowRepository } from './follow.repository';
import { InboxRepository } from './inbox.repository';
import { InstanceActorRepository } from './instance-actor.repository';
import { InstanceStatsRepository } from './instance-stats.repository';
import { InviteRepository } from './invite.repository';
import { ListFactsRepository } from './list-facts.repository';
import { ListRepository } from './list.repository';
import { MarkerRepository } from './marker.repository';
import { MediaAttachmentRepository } from './media-attachment.repository';
import { MuteRepository } from './mute.repository';
import { NotificationPolicyRepository } from './notification-policy.repository';
import { NotificationRequestRepository } from './notification-request.repository';
import { NotificationRepository } from './notification.repository';
import { OAuthAccessTokenRepository } from './oauth-access-token.repository';
import { OAuthApplicationRepository } from './oauth-application.repository';
import { PollRepository } from './poll.repository';
import { QuoteRepository } from './quote.repository';
import { RelationshipListsRepository } from './relationship-lists.repository';
import { RelationshipsRepository } from './relationships.repository';
import { ReportRepository } from './report.repository';
import { RuleRepository } from './rule.repository';
import { ScheduledStatusRepository } from './scheduled-status.repository';
import { SettingRepository } from './setting.repository';
import { StatusCleanupRepository } from './status-cleanup.repository';
import { StatusPageRepository } from './status-page.repository';
import { StatusPinRepository } from './status-pin.repository';
import { StatusStatsRepository } from './status-stats.repository';
import { StatusWriteRepository } from './status-write.repository';
import { StreamingFactsRepository } from './streaming-facts.repository';
import { StatusRepository } from './status.repository';
import { TombstoneRepository } from './tombstone.repository';
import { TagFollowRepository } from './tag-follow.repository';
import { TagRepository } from './tag.repository';
import { TermsOfServiceRepository } from './terms-of-service.repository';
import { TimelineRepository } from './timeline.repository';
import { UserRoleRepository } from './user-role.repository';
import { UserRepository } from './user.repository';
import { ViewerRelationsRepository } from './viewer-relations.repository';
import { WebPushSubscriptionRepository } from './web-push-subscription.repository';

/**
 * Every repository (and the transaction runner and read replica), provided once for the whole process by the
 * platform's DatabaseModule. A new repository is added here, in alphabetical order.
 */
export const REPOSITORIES = [
  AccessBlockRepository,
  AccountConversationRepository,
  AccountDeletionRepository,
  AccountInteractionRepository,
  AccountMoveRepository,
  AccountNoteRepository,
  AccountRepository,
  AccountStatsRepository,
  AnnouncementRepository,
  AccountWarningRepository,
  AdminAccountRepository,
  AnnualReportRepository,
  BlockRepository,
  BookmarkRepository,
  CollectionRepository,
  ConversationMuteRepository,
  CustomEmojiRepository,
  CustomFilterRepository,
  DirectoryRepository,
  DomainAllowRepository,
  DomainBlockRepository,
  DomainPurgeRepository,
  DuplicateRepairRepository,
  EndorsementRepository,
  EphemeralStateRepository,
  FanOutRepository,
  FavouriteRepository,
  FeaturedTagsRepository,
  FeedEntryRepository,
  FeedFactsRepository,
  FeedRepository,
  PubSubRepository,
  FollowRecommendationRepository,
  FollowRepository,
  InboxRepository,
  InstanceActorRepository,
  InstanceStatsRepository,
  InviteRepository,
  ListFactsRepository,
  ListRepository,
  MarkerRepository,
  MediaAttachmentRepository,
  MuteRepository,
  NotificationPolicyRepository,
  NotificationRepository,
  NotificationRequestRepository,
  OAuthAccessTokenRepository,
  OAuthApplicationRepository,
  PollRepository,
  PreviewCardRepository,
  QuoteRepository,
  ReadReplica,
  RelationshipListsRepository,
  RelationshipsRepository,
  ReportRepository,
  RuleRepository,
  ScheduledStatusRepository,
  SearchRepository,
  SettingRepository,
  StatusCleanupRepository,
  StatusPageRepository,
  StatusPinRepository,
  StatusRepository,
  TombstoneRepository,
  StatusStatsRepository,
  StatusWriteRepository,
  StreamingFactsRepository,
  TagFollowRepository,
  TagRepository,
  TermsOfServiceRepository,
  TimelineRepository,
  TransactionRunner,
  TrendsRepository,
  TrendReviewRepository,
  MetricsRepository,
  AuditLogRepository,
  UserRepository,
  UserRoleRepository,
  ViewerRelationsRepository,
  WebPushSubscriptionRepository,
];
