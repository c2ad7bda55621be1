import { Announcement } from './announcement.entity';
import { Account } from './account.entity';
import { AccountStat } from './account-stat.entity';
import { Invite } from './invite.entity';
import { OAuthAccessGrant } from './oauth-access-grant.entity';
import { OAuthAccessToken } from './oauth-access-token.entity';
import { OAuthApplication } from './oauth-application.entity';
import { Rule } from './rule.entity';
import { User, userState } from './user.entity';
import { UserRole } from './user-role.entity';
import { WebPushSubscription } from './web-push-subscription.entity';
import { Bookmark } from './bookmark.entity';
import { Conversation } from './conversation.entity';
import { ConversationMute } from './conversation-mute.entity';
import { CustomEmoji } from './custom-emoji.entity';
import { Favourite } from './favourite.entity';
import { MediaAttachment } from './media-attachment.entity';
import { Mention } from './mention.entity';
import { Poll } from './poll.entity';
import { PollVote } from './poll-vote.entity';
import { ScheduledStatus } from './scheduled-status.entity';
import { PreviewCard } from './preview-card.entity';
import { PreviewCardProvider } from './preview-card-provider.entity';
import { Status } from './status.entity';
import { StatusEdit } from './status-edit.entity';
import { StatusPin } from './status-pin.entity';
import { StatusStat } from './status-stat.entity';
import { StatusTag } from './status-tag.entity';
import { AccountDomainBlock } from './account-domain-block.entity';
import { AccountInteraction } from './account-interaction.entity';
import { AccountNote } from './account-note.entity';
import { AccountPin } from './account-pin.entity';
import { Block } from './block.entity';
import { FeaturedTag } from './featured-tag.entity';
import { Follow } from './follow.entity';
import { FollowRecommendationSuppression } from './follow-recommendation-suppression.entity';
import { FollowRequest } from './follow-request.entity';
import { Mute } from './mute.entity';
import { RecommendedAccount } from './recommended-account.entity';
import { Tag } from './tag.entity';
import { TagFollow } from './tag-follow.entity';
import { AccountConversation } from './account-conversation.entity';
import { CustomFilter } from './custom-filter.entity';
import { CustomFilterKeyword } from './custom-filter-keyword.entity';
import { CustomFilterStatus } from './custom-filter-status.entity';
import { List } from './list.entity';
import { ListAccount } from './list-account.entity';
import { Marker } from './marker.entity';
import { Notification } from './notification.entity';
import { NotificationPermission } from './notification-permission.entity';
import { NotificationPolicy } from './notification-policy.entity';
import { NotificationRequest } from './notification-request.entity';
import { Setting } from './setting.entity';
import { Quote } from './quote.entity';
import { Collection, CollectionItem } from './collection.entity';
import { GeneratedAnnualReport } from './generated-annual-report.entity';
import { Report } from './report.entity';
import { AccountWarning, AccountWarningPreset, AdminActionLog } from './account-warning.entity';
import { DomainAllow, DomainBlock } from './domain-block.entity';
import { CanonicalEmailBlock, EmailDomainBlock, IpBlock } from './access-block.entity';

export {
  Account,
  AccountStat,
  Invite,
  OAuthAccessGrant,
  OAuthAccessToken,
  OAuthApplication,
  Rule,
  User,
  UserRole,
  userState,
};
export {
  Bookmark,
  Conversation,
  ConversationMute,
  CustomEmoji,
  Favourite,
  MediaAttachment,
  Mention,
  Poll,
  PollVote,
  ScheduledStatus,
  Status,
  StatusEdit,
  StatusPin,
  StatusStat,
  StatusTag,
};
export * from './status.entity';
export type {
  MediaMeta,
  MediaMetaStyle,
  MediaProcessing,
  MediaType,
} from './media-attachment.entity';
export type { ScheduledStatusParams } from './scheduled-status.entity';
export type { AccountField, ActorType } from './account.entity';
// Relationships, tags and suggestions.
export {
  AccountDomainBlock,
  AccountInteraction,
  AccountNote,
  AccountPin,
  Block,
  FeaturedTag,
  Follow,
  FollowRecommendationSuppression,
  FollowRequest,
  Mute,
  RecommendedAccount,
  Tag,
  TagFollow,
};

// Timelines, lists, markers, filters, notifications, conversations.
export {
  AccountConversation,
  CustomFilter,
  CustomFilterKeyword,
  CustomFilterStatus,
  List,
  ListAccount,
  Marker,
  Notification,
  NotificationPermission,
  NotificationPolicy,
  NotificationRequest,
};
export * from './list.entity';
export * from './web-push-subscription.entity';
export * from './marker.entity';
export * from './custom-filter.entity';
export * from './notification.entity';
export * from './notification-policy.entity';
// Server settings changed at runtime.
export { Setting };

// Discovery: link preview cards (issue 11).
export * from './preview-card.entity';
export { PreviewCardProvider };

// Client compatibility and the Mastodon 4.3–4.6 surface (issue 15).
export { Quote, Collection, CollectionItem, GeneratedAnnualReport };
export type { AnnualReportData } from './generated-annual-report.entity';
export * from './quote.entity';
export * from './collection.entity';

// Announcements (issue 11).
export { Announcement };
// Moderation (issue 12).
export { Report, AccountWarning, AccountWarningPreset, AdminActionLog, DomainBlock, DomainAllow };
export * from './report.entity';
export * from './account-warning.entity';
export * from './domain-block.entity';
export { CanonicalEmailBlock, EmailDomainBlock, IpBlock };
export * from './access-block.entity';

export const ENTITIES = [
  Announcement,
  Account,
  AccountStat,
  User,
  UserRole,
  Rule,
  OAuthApplication,
  OAuthAccessGrant,
  OAuthAccessToken,
  Invite,
  Follow,
  FollowRequest,
  Block,
  Mute,
  AccountDomainBlock,
  AccountNote,
  AccountPin,
  Tag,
  FeaturedTag,
  TagFollow,
  FollowRecommendationSuppression,
  AccountInteraction,
  RecommendedAccount,
  // Statuses.
  Status,
  StatusStat,
  Conversation,
  Mention,
  MediaAttachment,
  Favourite,
  Bookmark,
  StatusPin,
  ConversationMute,
  StatusEdit,
  Poll,
  PollVote,
  ScheduledStatus,
  CustomEmoji,
  StatusTag,
  // Timelines, lists, markers, filters, notifications, conversations.
  List,
  ListAccount,
  Marker,
  CustomFilter,
  CustomFilterKeyword,
  CustomFilterStatus,
  Notification,
  NotificationPolicy,
  NotificationRequest,
  NotificationPermission,
  AccountConversation,
  Setting,
  WebPushSubscription,
  // Client compatibility and the Mastodon 4.3–4.6 surface.
  Quote,
  Collection,
  CollectionItem,
  GeneratedAnnualReport,
  // Moderation.
  Report,
  AccountWarning,
  AccountWarningPreset,
  AdminActionLog,
  DomainBlock,
  DomainAllow,
  EmailDomainBlock,
  CanonicalEmailBlock,
  IpBlock,
  // Discovery (issue 11).
  PreviewCard,
  PreviewCardProvider,
];
