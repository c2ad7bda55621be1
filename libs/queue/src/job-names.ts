import { QueueName } from '@nestodon/config';

/** Every job kind. Payloads carry ids only; processors reload rows. */
export const JobName = {
  /** Round trip through a worker, for GET /health/worker. */
  SystemPing: 'system.ping',
  /** Mail a user a confirmation link with a fresh token (sign-up or changed address). */
  SendConfirmationEmail: 'mail.confirmation',
  /**
   * End a timed mute: enqueued with a delay until the mute's expires_at. Deletes that mute if
   * it has expired (a later re-mute moves expires_at, making an older job a no-op) and sweeps
   * any other expired mutes. Reads ignore expired mutes anyway, so a late job is harmless.
   */
  ExpireMute: 'mutes.expire',
  /** An account unlocked: accept its pending follow requests (silenced requesters aside). */
  AuthorizeAllFollowRequests: 'follow_requests.authorize_all',
  /** A status was posted, reblogged or edited (`update`): fan it out to feeds and streams. */
  DistributeStatus: 'statuses.distribute',
  /** A deleted status (or reblog) leaves feeds, streams, notifications and conversations. */
  UndistributeStatus: 'statuses.undistribute',
  /**
   * Publish a scheduled status; enqueued with a delay until its scheduled_at (an early run does
   * nothing). Each run also publishes overdue ones whose job was lost.
   */
  PublishScheduledStatus: 'statuses.publish_scheduled',
  /**
   * Close a poll at its expires_at (an early run does nothing) and notify its author and voters.
   * Each run also closes overdue polls whose job was lost.
   */
  ExpirePoll: 'polls.expire',
  /** Put an account's recent statuses into a home feed (a new follow) or a list feed. */
  FeedMerge: 'feeds.merge',
  /** Take an account's statuses out of a home feed and its lists (unfollow) or one list. */
  FeedUnmerge: 'feeds.unmerge',
  /** Rebuild a missing home feed (and the user's list feeds) from PostgreSQL. */
  RegenerateHomeFeed: 'feeds.regenerate',
  /** After a block: clear feeds, notifications and conversations involving the target. */
  AfterBlock: 'blocks.after',
  /** After a mute: clear the target's statuses (and mentions of it) from feeds. */
  AfterMute: 'mutes.after',
  /** After a user-level domain block: clear that domain's statuses from feeds. */
  AfterDomainBlock: 'domain_blocks.after',
  /** Create one notification (NotifyService decides whether it is dropped or filtered). */
  Notify: 'notifications.create',
  /** Tell staff who may manage users that an account signed up (admin.sign_up). */
  NotifyAdminsOfSignUp: 'notifications.admin_sign_up',
  /** Tell staff who may manage reports about a new report (admin.report). */
  NotifyStaffOfReport: 'notifications.admin_report',
  /** Delete the data of a suspended local account a moderator chose to erase. */
  DeleteSuspendedAccount: 'accounts.delete_suspended',
  /** Send one notification to one Web Push subscription (retried; gone endpoints unsubscribe). */
  DeliverWebPush: 'web_push.deliver',
  /**
   * Convert an upload the api kept for the worker (video, audio, GIF, large images); an upload
   * that cannot be converted is marked failed. Repeated runs do nothing.
   */
  ProcessMedia: 'media.process',
  /**
   * Recurring (hourly): remove uploads left unattached for a day and the media of statuses
   * deleted without a redraft, files included.
   */
  RemoveOrphanedMedia: 'media.remove_orphans',
  /** Compute an account's annual report for a year, then finish its async refresh. */
  GenerateAnnualReport: 'annual_reports.generate',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

export interface JobPayloads {
  [JobName.SystemPing]: { requestedAt: string };
  [JobName.SendConfirmationEmail]: { userId: string };
  [JobName.ExpireMute]: { muteId: string };
  [JobName.AuthorizeAllFollowRequests]: { accountId: string };
  /** `skipNotifications`: a change that is no edit (a quote revoked, a new quote policy). */
  [JobName.DistributeStatus]: { statusId: string; update?: boolean; skipNotifications?: boolean };
  [JobName.UndistributeStatus]: { statusId: string; accountId: string };
  [JobName.PublishScheduledStatus]: { scheduledStatusId: string };
  [JobName.ExpirePoll]: { pollId: string };
  [JobName.FeedMerge]: { accountId: string; targetAccountId: string; listId?: string };
  [JobName.FeedUnmerge]: { accountId: string; targetAccountId: string; listId?: string };
  [JobName.RegenerateHomeFeed]: { accountId: string };
  [JobName.AfterBlock]: { accountId: string; targetAccountId: string };
  [JobName.AfterMute]: { accountId: string; targetAccountId: string };
  [JobName.AfterDomainBlock]: { accountId: string; domain: string };
  [JobName.Notify]: NotifyPayload;
  [JobName.NotifyAdminsOfSignUp]: { accountId: string };
  [JobName.NotifyStaffOfReport]: { reportId: string };
  [JobName.DeleteSuspendedAccount]: { accountId: string };
  [JobName.DeliverWebPush]: { subscriptionId: string; notificationId: string };
  [JobName.ProcessMedia]: { mediaAttachmentId: string };
  [JobName.RemoveOrphanedMedia]: Record<string, never>;
  [JobName.GenerateAnnualReport]: { accountId: string; year: number };
}

/** What caused a notification, as ids (see NotifyService). */
export interface NotifyPayload {
  recipientId: string;
  type: string;
  fromAccountId: string;
  statusId?: string;
  reblogStatusId?: string;
  mentionId?: string;
  favouriteId?: string;
  followId?: string;
  followRequestId?: string;
  reportId?: string;
  quoteId?: string;
  accountWarningId?: string;
}

export interface JobResults {
  [JobName.SystemPing]: { processedAt: string };
  [JobName.SendConfirmationEmail]: void;
  [JobName.ExpireMute]: { expired: number };
  [JobName.AuthorizeAllFollowRequests]: { accepted: number };
  [JobName.DistributeStatus]: { distributed: boolean };
  [JobName.UndistributeStatus]: void;
  /** The status published, or null when not due yet / already published or cancelled. */
  [JobName.PublishScheduledStatus]: { statusId: string | null };
  [JobName.ExpirePoll]: { closed: boolean };
  [JobName.FeedMerge]: void;
  [JobName.FeedUnmerge]: void;
  [JobName.RegenerateHomeFeed]: void;
  [JobName.AfterBlock]: void;
  [JobName.AfterMute]: void;
  [JobName.AfterDomainBlock]: void;
  /** The notification's id, or null when it was dropped. */
  [JobName.Notify]: { notificationId: string | null };
  [JobName.NotifyAdminsOfSignUp]: void;
  [JobName.NotifyStaffOfReport]: void;
  /** Whether anything was deleted (an account unsuspended meanwhile is left alone). */
  [JobName.DeleteSuspendedAccount]: { deleted: boolean };
  /** What became of the push: sent, dropped (subscription or notification gone), unsubscribed. */
  [JobName.DeliverWebPush]: { outcome: 'sent' | 'dropped' | 'unsubscribed' };
  [JobName.ProcessMedia]: { processed: boolean };
  /** How many attachments were removed. */
  [JobName.RemoveOrphanedMedia]: { removed: number };
  [JobName.GenerateAnnualReport]: { generated: boolean };
}

/** The queue each job kind waits in (queues are listed in libs/config, see QUEUE_NAMES). */
export const QUEUE_OF_JOB: Record<JobName, QueueName> = {
  [JobName.SystemPing]: 'default',
  [JobName.SendConfirmationEmail]: 'mailers',
  [JobName.ExpireMute]: 'scheduler',
  [JobName.AuthorizeAllFollowRequests]: 'default',
  [JobName.DistributeStatus]: 'default',
  [JobName.UndistributeStatus]: 'default',
  [JobName.PublishScheduledStatus]: 'scheduler',
  [JobName.ExpirePoll]: 'scheduler',
  [JobName.FeedMerge]: 'default',
  [JobName.FeedUnmerge]: 'default',
  [JobName.RegenerateHomeFeed]: 'default',
  [JobName.AfterBlock]: 'default',
  [JobName.AfterMute]: 'default',
  [JobName.AfterDomainBlock]: 'default',
  [JobName.Notify]: 'default',
  [JobName.NotifyAdminsOfSignUp]: 'default',
  [JobName.NotifyStaffOfReport]: 'default',
  [JobName.DeleteSuspendedAccount]: 'default',
  [JobName.DeliverWebPush]: 'push',
  [JobName.ProcessMedia]: 'media',
  [JobName.RemoveOrphanedMedia]: 'scheduler',
  [JobName.GenerateAnnualReport]: 'default',
};
