import { Provider } from '@nestjs/common';
import { AttachMediaService } from './attach-media.service';
import { AttachQuoteService } from './attach-quote.service';
import { BookmarkStatusService } from './bookmark-status.service';
import { BuildStatusDraftService } from './build-status-draft.service';
import { CancelScheduledStatusService } from './cancel-scheduled-status.service';
import { CreatePollService } from './create-poll.service';
import { CreateRemoteStatusService } from './create-remote-status.service';
import { CreateStatusService } from './create-status.service';
import { EditRemoteStatusService } from './edit-remote-status.service';
import { StatusBookkeeping } from './status-bookkeeping';
import { ExpireOverduePollsService } from './expire-overdue-polls.service';
import { ExpirePollService } from './expire-poll.service';
import { FavouriteStatusService } from './favourite-status.service';
import { FetchAccountStatusesService } from './fetch-account-statuses.service';
import { FetchMarkedStatusesService } from './fetch-marked-statuses.service';
import { FetchStatusContextService } from './fetch-status-context.service';
import { FetchStatusHistoryService } from './fetch-status-history.service';
import { IdempotencyStore } from './idempotency.store';
import { MuteConversationService } from './mute-conversation.service';
import { PinStatusService } from './pin-status.service';
import { PollQueries } from './poll-queries';
import { PostStatusService } from './post-status.service';
import { PostprocessStatusService } from './postprocess-status.service';
import { ProcessHashtagsService } from './process-hashtags.service';
import { ProcessMentionsService } from './process-mentions.service';
import { PublishDueScheduledStatusesService } from './publish-due-scheduled-statuses.service';
import { PublishScheduledStatusService } from './publish-scheduled-status.service';
import { ReblogStatusService } from './reblog-status.service';
import { RecordRemoteVoteService } from './record-remote-vote.service';
import { RefreshStalePollService } from './refresh-stale-poll.service';
import { RemoteMediaIntake } from './remote-media-intake';
import { RemoveStatusService } from './remove-status.service';
import { ScheduleStatusService } from './schedule-status.service';
import { ScheduledStatusQueries } from './scheduled-status-queries';
import { StatusInteractorQueries } from './status-interactor-queries';
import { StatusQueries } from './status-queries';
import { StatusTextProcessor } from './status-text.processor';
import { UnbookmarkStatusService } from './unbookmark-status.service';
import { UnfavouriteStatusService } from './unfavourite-status.service';
import { UnmuteConversationService } from './unmute-conversation.service';
import { UnpinStatusService } from './unpin-status.service';
import { UnreblogStatusService } from './unreblog-status.service';
import { UpdateScheduledStatusService } from './update-scheduled-status.service';
import { UpdateStatusService } from './update-status.service';
import { VoteInPollService } from './vote-in-poll.service';

/** The statuses feature's providers, registered by CoreModule. */
export const STATUSES_PROVIDERS: Provider[] = [
  AttachMediaService,
  AttachQuoteService,
  BookmarkStatusService,
  BuildStatusDraftService,
  CancelScheduledStatusService,
  CreatePollService,
  StatusBookkeeping,
  CreateStatusService,
  CreateRemoteStatusService,
  EditRemoteStatusService,
  ExpireOverduePollsService,
  ExpirePollService,
  FavouriteStatusService,
  FetchAccountStatusesService,
  FetchMarkedStatusesService,
  FetchStatusContextService,
  FetchStatusHistoryService,
  IdempotencyStore,
  MuteConversationService,
  PinStatusService,
  PollQueries,
  PostStatusService,
  PostprocessStatusService,
  ProcessHashtagsService,
  ProcessMentionsService,
  PublishDueScheduledStatusesService,
  PublishScheduledStatusService,
  ReblogStatusService,
  RecordRemoteVoteService,
  RefreshStalePollService,
  RemoteMediaIntake,
  RemoveStatusService,
  ScheduleStatusService,
  ScheduledStatusQueries,
  StatusInteractorQueries,
  StatusQueries,
  StatusTextProcessor,
  UnbookmarkStatusService,
  UnfavouriteStatusService,
  UnmuteConversationService,
  UnpinStatusService,
  UnreblogStatusService,
  UpdateScheduledStatusService,
  UpdateStatusService,
  VoteInPollService,
];
