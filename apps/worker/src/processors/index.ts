import { Type } from '@nestjs/common';
import { JobName, JobProcessor } from '@nestodon/queue';
import { AfterBlockProcessor } from './after-block.processor';
import { AfterDomainBlockProcessor } from './after-domain-block.processor';
import { AfterMuteProcessor } from './after-mute.processor';
import { AuthorizeAllFollowRequestsProcessor } from './authorize-all-follow-requests.processor';
import { CacheRemoteEmojiProcessor } from './cache-remote-emoji.processor';
import { CacheRemoteMediaProcessor } from './cache-remote-media.processor';
import { ClearDomainMediaProcessor } from './clear-domain-media.processor';
import { DeleteSuspendedAccountProcessor } from './delete-suspended-account.processor';
import { DeliverActivityProcessor } from './deliver-activity.processor';
import { DeliverWebPushProcessor } from './deliver-web-push.processor';
import { DistributeActivityProcessor } from './distribute-activity.processor';
import { DistributeStatusProcessor } from './distribute-status.processor';
import { FetchLinkCardProcessor } from './fetch-link-card.processor';
import { RefreshTrendsProcessor } from './refresh-trends.processor';
import { GenerateAnnualReportProcessor } from './generate-annual-report.processor';
import { ExpireMuteProcessor } from './expire-mute.processor';
import { ExpirePollProcessor } from './expire-poll.processor';
import { FeedMergeProcessor } from './feed-merge.processor';
import { FeedUnmergeProcessor } from './feed-unmerge.processor';
import { NotifyAdminsOfSignUpProcessor } from './notify-admins-of-sign-up.processor';
import { NotifyProcessor } from './notify.processor';
import { PublishAnnouncementReactionProcessor } from './publish-announcement-reaction.processor';
import { PublishAnnouncementProcessor } from './publish-announcement.processor';
import { NotifyStaffOfReportProcessor } from './notify-staff-of-report.processor';
import { ProcessInboundActivityProcessor } from './process-inbound-activity.processor';
import { PublishScheduledStatusProcessor } from './publish-scheduled-status.processor';
import { RefreshRemotePollProcessor } from './refresh-remote-poll.processor';
import { RegenerateHomeFeedProcessor } from './regenerate-home-feed.processor';
import { SendConfirmationEmailProcessor } from './send-confirmation-email.processor';
import { SystemPingProcessor } from './system-ping.processor';
import { ProcessMediaProcessor } from './process-media.processor';
import { RemoveOrphanedMediaProcessor } from './remove-orphaned-media.processor';
import { UndistributeStatusProcessor } from './undistribute-status.processor';
import { UnpublishAnnouncementProcessor } from './unpublish-announcement.processor';

/** The processor class of every job kind; a kind missing here does not compile. */
export const PROCESSOR_OF_JOB: { readonly [N in JobName]: Type<JobProcessor<N>> } = {
  [JobName.SystemPing]: SystemPingProcessor,
  [JobName.SendConfirmationEmail]: SendConfirmationEmailProcessor,
  [JobName.ExpireMute]: ExpireMuteProcessor,
  [JobName.AuthorizeAllFollowRequests]: AuthorizeAllFollowRequestsProcessor,
  [JobName.DistributeStatus]: DistributeStatusProcessor,
  [JobName.UndistributeStatus]: UndistributeStatusProcessor,
  [JobName.PublishScheduledStatus]: PublishScheduledStatusProcessor,
  [JobName.ExpirePoll]: ExpirePollProcessor,
  [JobName.FeedMerge]: FeedMergeProcessor,
  [JobName.FeedUnmerge]: FeedUnmergeProcessor,
  [JobName.RegenerateHomeFeed]: RegenerateHomeFeedProcessor,
  [JobName.AfterBlock]: AfterBlockProcessor,
  [JobName.AfterMute]: AfterMuteProcessor,
  [JobName.AfterDomainBlock]: AfterDomainBlockProcessor,
  [JobName.Notify]: NotifyProcessor,
  [JobName.NotifyAdminsOfSignUp]: NotifyAdminsOfSignUpProcessor,
  [JobName.NotifyStaffOfReport]: NotifyStaffOfReportProcessor,
  [JobName.DeleteSuspendedAccount]: DeleteSuspendedAccountProcessor,
  [JobName.DeliverWebPush]: DeliverWebPushProcessor,
  [JobName.ProcessMedia]: ProcessMediaProcessor,
  [JobName.CacheRemoteMedia]: CacheRemoteMediaProcessor,
  [JobName.CacheRemoteEmoji]: CacheRemoteEmojiProcessor,
  [JobName.RefreshRemotePoll]: RefreshRemotePollProcessor,
  [JobName.ClearDomainMedia]: ClearDomainMediaProcessor,
  [JobName.RemoveOrphanedMedia]: RemoveOrphanedMediaProcessor,
  [JobName.GenerateAnnualReport]: GenerateAnnualReportProcessor,
  [JobName.PublishAnnouncement]: PublishAnnouncementProcessor,
  [JobName.PublishAnnouncementReaction]: PublishAnnouncementReactionProcessor,
  [JobName.UnpublishAnnouncement]: UnpublishAnnouncementProcessor,
  [JobName.FetchLinkCard]: FetchLinkCardProcessor,
  [JobName.RefreshTrends]: RefreshTrendsProcessor,
  [JobName.DistributeActivity]: DistributeActivityProcessor,
  [JobName.DeliverActivity]: DeliverActivityProcessor,
  [JobName.ProcessInboundActivity]: ProcessInboundActivityProcessor,
};
