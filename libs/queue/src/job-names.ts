/** BullMQ queues, split like Mastodon's Sidekiq queues so slow kinds cannot starve urgent ones. */
export const QueueName = {
  Default: 'default',
  Push: 'push',
  Ingress: 'ingress',
  Mailers: 'mailers',
  Scheduler: 'scheduler',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

/** Every job kind. Payloads carry ids only; processors reload rows. */
export const JobName = {
  /** Round trip through the worker, used by GET /health/worker and `cli jobs ping`. */
  SystemPing: 'system.ping',
  /** Issue a fresh confirmation token for a user and mail the link. */
  SendConfirmationEmail: 'mail.confirmation',
  /**
   * End a timed mute: enqueued with a delay until the mute's expires_at. Deletes that mute if
   * it has expired (a later re-mute moves expires_at, making an older job a no-op) and sweeps
   * any other expired mutes. Reads ignore expired mutes anyway, so a late job is harmless.
   */
  ExpireMute: 'mutes.expire',
  /** An account unlocked: accept its pending follow requests (silenced requesters aside). */
  AuthorizeAllFollowRequests: 'follow_requests.authorize_all',
  /**
   * A status was posted, reblogged or edited (`update`): fan it out to feeds and streams.
   * Enqueued after commit; the timelines work fills the processor (it only loads the status now).
   */
  DistributeStatus: 'statuses.distribute',
  /**
   * A status (or reblog) was deleted: take it out of feeds and streams. Enqueued after commit;
   * the timelines work fills the processor.
   */
  UndistributeStatus: 'statuses.undistribute',
  /** Publish a scheduled status; enqueued with a delay until its scheduled_at (early runs wait). */
  PublishScheduledStatus: 'statuses.publish_scheduled',
  /** Close a poll at its expires_at (early runs are no-ops); notifications hook in there. */
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
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

export interface JobPayloads {
  [JobName.SystemPing]: { requestedAt: string };
  [JobName.SendConfirmationEmail]: { userId: string };
  [JobName.ExpireMute]: { muteId: string };
  [JobName.AuthorizeAllFollowRequests]: { accountId: string };
  [JobName.DistributeStatus]: { statusId: string; update?: boolean };
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
}

export const QUEUE_OF_JOB: Record<JobName, QueueName> = {
  [JobName.SystemPing]: QueueName.Default,
  [JobName.SendConfirmationEmail]: QueueName.Mailers,
  [JobName.ExpireMute]: QueueName.Scheduler,
  [JobName.AuthorizeAllFollowRequests]: QueueName.Default,
  [JobName.DistributeStatus]: QueueName.Default,
  [JobName.UndistributeStatus]: QueueName.Default,
  [JobName.PublishScheduledStatus]: QueueName.Scheduler,
  [JobName.ExpirePoll]: QueueName.Scheduler,
  [JobName.FeedMerge]: QueueName.Default,
  [JobName.FeedUnmerge]: QueueName.Default,
  [JobName.RegenerateHomeFeed]: QueueName.Default,
  [JobName.AfterBlock]: QueueName.Default,
  [JobName.AfterMute]: QueueName.Default,
  [JobName.AfterDomainBlock]: QueueName.Default,
  [JobName.Notify]: QueueName.Default,
  [JobName.NotifyAdminsOfSignUp]: QueueName.Default,
};
