import { Global, Module } from '@nestjs/common';
import { AccountStatsRepository, InstanceStatsRepository } from '@nestodon/domain';
import { ConfirmEmailService } from './accounts/confirm-email.service';
import { CreateLocalAccountService } from './accounts/create-local-account.service';
import { ModifyUserService } from './accounts/modify-user.service';
import { PasswordHasher } from './accounts/password-hasher';
import { ProvisionAccountService } from './accounts/provision-account.service';
import { RegisterAccountService } from './accounts/register-account.service';
import { ResendConfirmationService } from './accounts/resend-confirmation.service';
import { SendConfirmationEmailService } from './accounts/send-confirmation-email.service';
import { ActivityTracker } from './instance/activity-tracker';
import { InstanceInfoService } from './instance/instance-info.service';
import { DeleteProfileImageService } from './accounts/delete-profile-image.service';
import { FetchAccountsService } from './accounts/fetch-accounts.service';
import { ProfileTextRenderer } from './accounts/profile-text-renderer';
import { UpdateCredentialsService } from './accounts/update-credentials.service';
import { LocalMediaStorage, MediaStorage } from './media/media-storage';
import { ProfileImageProcessor } from './media/profile-image-processor';
import { Mailer } from './mail/mailer';
import { AssignRoleService } from './roles/assign-role.service';
import { CreateUserTokenService } from './tokens/create-user-token.service';
import { AuthenticateUserService } from './oauth/authenticate-user.service';
import { CreateApplicationService } from './oauth/create-application.service';
import { RevokeTokenService } from './oauth/revoke-token.service';
import { AuthorizeAllFollowRequestsService } from './relationships/authorize-all-follow-requests.service';
import { AuthorizeFollowService } from './relationships/authorize-follow.service';
import { BlockDomainService } from './relationships/block-domain.service';
import { BlockService } from './relationships/block.service';
import { EndorseAccountService } from './relationships/endorse-account.service';
import { ExpireMutesService } from './relationships/expire-mutes.service';
import { FollowCounters } from './relationships/follow-counters';
import { FollowService } from './relationships/follow.service';
import { MuteService } from './relationships/mute.service';
import { RejectFollowService } from './relationships/reject-follow.service';
import { RemoveFromFollowersService } from './relationships/remove-from-followers.service';
import { SetAccountNoteService } from './relationships/set-account-note.service';
import { UnblockDomainService } from './relationships/unblock-domain.service';
import { UnblockService } from './relationships/unblock.service';
import { UnendorseAccountService } from './relationships/unendorse-account.service';
import { UnfollowService } from './relationships/unfollow.service';
import { UnmuteService } from './relationships/unmute.service';
import { DismissSuggestionService } from './suggestions/dismiss-suggestion.service';
import { FollowRecommendedAccountsService } from './suggestions/follow-recommended-accounts.service';
import { RecommendAccountService } from './suggestions/recommend-account.service';
import { RecordInteractionService } from './suggestions/record-interaction.service';
import { SuggestAccountsService } from './suggestions/suggest-accounts.service';
import { FeatureTagService } from './tags/feature-tag.service';
import { FindOrCreateTagsService } from './tags/find-or-create-tags.service';
import { FollowTagService } from './tags/follow-tag.service';
import { SuggestFeaturedTagsService } from './tags/suggest-featured-tags.service';
import { TagHistory } from './tags/tag-history';
import { UnfeatureTagService } from './tags/unfeature-tag.service';
import { UnfollowTagService } from './tags/unfollow-tag.service';
import { AccountStatusesService } from './statuses/account-statuses.service';
import { BookmarkService } from './statuses/bookmark.service';
import { CancelScheduledStatusService } from './statuses/cancel-scheduled-status.service';
import { ExpirePollService } from './statuses/expire-poll.service';
import { FavouriteService } from './statuses/favourite.service';
import { IdempotencyStore } from './statuses/idempotency.store';
import { MarkedStatusesService } from './statuses/marked-statuses.service';
import { MuteConversationService } from './statuses/mute-conversation.service';
import { PinStatusService } from './statuses/pin-status.service';
import { PostStatusService } from './statuses/post-status.service';
import { PublishScheduledStatusService } from './statuses/publish-scheduled-status.service';
import { ReblogService } from './statuses/reblog.service';
import { RemoveStatusService } from './statuses/remove-status.service';
import { ScheduledStatusesService } from './statuses/scheduled-statuses.service';
import { StatusContextService } from './statuses/status-context.service';
import { StatusHistoryService } from './statuses/status-history.service';
import { StatusInteractorsService } from './statuses/status-interactors.service';
import { StatusTextProcessor } from './statuses/status-text.processor';
import { StatusVisibilityService } from './statuses/status-visibility.service';
import { UnbookmarkService } from './statuses/unbookmark.service';
import { UnfavouriteService } from './statuses/unfavourite.service';
import { UnmuteConversationService } from './statuses/unmute-conversation.service';
import { UnpinStatusService } from './statuses/unpin-status.service';
import { UnreblogService } from './statuses/unreblog.service';
import { UpdateScheduledStatusService } from './statuses/update-scheduled-status.service';
import { UpdateStatusService } from './statuses/update-status.service';
import { VoteService } from './statuses/vote.service';
import {
  DirectoryRepository,
  FeaturedTagsRepository,
  RelationshipListsRepository,
  RelationshipsRepository,
  StatusRepository,
  StatusStatsRepository,
  ViewerRelationsRepository,
} from '@nestodon/domain';
import { TAG_HISTORY_SOURCE } from '@nestodon/serializers';

import { TIMELINE_SERVICES } from './timeline-services';

const SERVICES = [
  ActivityTracker,
  InstanceInfoService,
  InstanceStatsRepository,
  AccountStatsRepository,
  PasswordHasher,
  { provide: MediaStorage, useClass: LocalMediaStorage },
  ProfileImageProcessor,
  ProfileTextRenderer,
  UpdateCredentialsService,
  DeleteProfileImageService,
  FetchAccountsService,
  Mailer,
  CreateLocalAccountService,
  RegisterAccountService,
  SendConfirmationEmailService,
  ConfirmEmailService,
  ResendConfirmationService,
  AssignRoleService,
  ProvisionAccountService,
  ModifyUserService,
  CreateUserTokenService,
  CreateApplicationService,
  RevokeTokenService,
  AuthenticateUserService,
  // Relationships, tags and suggestions (issue 4).
  RelationshipsRepository,
  RelationshipListsRepository,
  DirectoryRepository,
  FeaturedTagsRepository,
  FollowCounters,
  FollowService,
  UnfollowService,
  AuthorizeFollowService,
  RejectFollowService,
  AuthorizeAllFollowRequestsService,
  RemoveFromFollowersService,
  BlockService,
  UnblockService,
  MuteService,
  UnmuteService,
  ExpireMutesService,
  BlockDomainService,
  UnblockDomainService,
  SetAccountNoteService,
  EndorseAccountService,
  UnendorseAccountService,
  FindOrCreateTagsService,
  TagHistory,
  { provide: TAG_HISTORY_SOURCE, useExisting: TagHistory },
  FollowTagService,
  UnfollowTagService,
  FeatureTagService,
  UnfeatureTagService,
  SuggestFeaturedTagsService,
  RecordInteractionService,
  SuggestAccountsService,
  DismissSuggestionService,
  FollowRecommendedAccountsService,
  RecommendAccountService,
  // Statuses (issue 5).
  StatusRepository,
  StatusStatsRepository,
  ViewerRelationsRepository,
  AccountStatusesService,
  BookmarkService,
  CancelScheduledStatusService,
  ExpirePollService,
  FavouriteService,
  IdempotencyStore,
  MarkedStatusesService,
  MuteConversationService,
  PinStatusService,
  PostStatusService,
  PublishScheduledStatusService,
  ReblogService,
  RemoveStatusService,
  ScheduledStatusesService,
  StatusContextService,
  StatusHistoryService,
  StatusInteractorsService,
  StatusTextProcessor,
  StatusVisibilityService,
  UnbookmarkService,
  UnfavouriteService,
  UnmuteConversationService,
  UnpinStatusService,
  UnreblogService,
  UpdateScheduledStatusService,
  UpdateStatusService,
  VoteService,
  // Timelines, feeds, lists, markers, filters, notifications (issue 6).
  ...TIMELINE_SERVICES,
];

/** Use cases shared by the api and the worker. */
@Global()
@Module({ providers: SERVICES, exports: SERVICES })
export class CoreModule {}
