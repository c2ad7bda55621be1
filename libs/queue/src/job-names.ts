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
   * Fetch a remote status's attachment through the safe client and keep a converted copy, as
   * Mastodon caches remote media; a failure leaves the remote URL served. Repeated runs do
   * nothing.
   */
  CacheRemoteMedia: 'media.cache_remote',
  /** Fetch a remote server's custom emoji image and keep a copy (failures keep the remote URL). */
  CacheRemoteEmoji: 'media.cache_remote_emoji',
  /** Fetch a remote poll's Question again for its current counts (asked for by a reader). */
  RefreshRemotePoll: 'polls.refresh_remote',
  /** Forget the media copies and emojis of a server whose media are now rejected. */
  ClearDomainMedia: 'domain_blocks.clear_media',
  /**
   * Recurring (hourly): remove uploads left unattached for a day and the media of statuses
   * deleted without a redraft, files included.
   */
  RemoveOrphanedMedia: 'media.remove_orphans',
  /** Compute an account's annual report for a year, then finish its async refresh. */
  GenerateAnnualReport: 'annual_reports.generate',
  /**
   * Publish an announcement whose scheduled_at has come (enqueued with that delay; an early run
   * does nothing), and stream a published one (new or changed) to every local user.
   */
  PublishAnnouncement: 'announcements.publish',
  /** Stream the new count of one reaction of an announcement to every local user. */
  PublishAnnouncementReaction: 'announcements.publish_reaction',
  /** Stream that an announcement is gone (deleted or unpublished) to every local user. */
  UnpublishAnnouncement: 'announcements.unpublish',
  /** Give a new public or unlisted status the preview card of its first link. */
  FetchLinkCard: 'statuses.fetch_link_card',
  /** Recurring (every 10 minutes): recompute trending tags, links and statuses. */
  RefreshTrends: 'trends.refresh',
  /**
   * A local account did something other servers hear of (see OutboundActivity): render the
   * activity once, find the inboxes of its audience and enqueue one delivery per inbox.
   */
  DistributeActivity: 'activitypub.distribute',
  /**
   * POST one rendered activity to one inbox, signed as its actor; retried over days as
   * Mastodon's delivery worker (FEDERATION_BACKOFF), skipped while the inbox's server is dead.
   */
  DeliverActivity: 'activitypub.deliver',
  /**
   * An activity a remote server delivered to an inbox, signature verified by the api: run its
   * inbox handler. The payload is Fedify's queued inbox message (the activity's JSON), the one
   * payload that is not ids: the activity exists nowhere else.
   */
  ProcessInboundActivity: 'activitypub.process_inbound',
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
  [JobName.CacheRemoteMedia]: { mediaAttachmentId: string };
  [JobName.CacheRemoteEmoji]: { customEmojiId: string };
  [JobName.RefreshRemotePoll]: { pollId: string };
  [JobName.ClearDomainMedia]: { domain: string };
  [JobName.RemoveOrphanedMedia]: Record<string, never>;
  [JobName.GenerateAnnualReport]: { accountId: string; year: number };
  [JobName.PublishAnnouncement]: { announcementId: string };
  [JobName.PublishAnnouncementReaction]: { announcementId: string; name: string };
  [JobName.UnpublishAnnouncement]: { announcementId: string };
  [JobName.FetchLinkCard]: { statusId: string };
  [JobName.RefreshTrends]: Record<string, never>;
  [JobName.DistributeActivity]: OutboundActivity;
  /**
   * The one payload that is not ids: the activity as rendered when the action happened (a
   * deleted status or account cannot be rendered again), shared by the jobs of every inbox.
   * `accountId`: the local account that signs it, or INSTANCE_ACTOR_SENDER. `syncFollowers`:
   * send the Collection-Synchronization header (followers-only posts, as Mastodon).
   */
  [JobName.DeliverActivity]: {
    accountId: string;
    inbox: string;
    body: string;
    syncFollowers?: boolean;
  };
  [JobName.ProcessInboundActivity]: { message: object };
}

/**
 * What a local account did that federates, as ids (Mastodon's serializers name the activity;
 * libs/activitypub renders it). Rows removed by the action are named by the ids they had.
 */
export type OutboundActivity =
  /** A status or reblog posted: Create, or Announce for a reblog. */
  | { type: 'create'; statusId: string }
  /** A status edited (or its poll counts changed): Update. */
  | { type: 'update'; statusId: string }
  /** A status (soft-deleted, still stored) or reblog removed: Delete, or Undo(Announce). */
  | { type: 'delete'; statusId: string }
  | { type: 'like' | 'unlike'; accountId: string; statusId: string; favouriteId: string }
  /**
   * A follow (request) of a remote account, or its withdrawal: the row's id and stored
   * ActivityPub id (`followUri`, else one is derived from the row).
   */
  | {
      type: 'follow' | 'unfollow';
      accountId: string;
      targetAccountId: string;
      followId: string;
      followUri: string | null;
    }
  /** A local account accepting or rejecting a remote account's follow (request). */
  | {
      type: 'accept_follow' | 'reject_follow';
      accountId: string;
      followerId: string;
      followId: string;
      followUri: string | null;
    }
  | { type: 'block' | 'unblock'; accountId: string; targetAccountId: string; blockId: string }
  /** Pinned (Add) or unpinned (Remove) on the featured collection. */
  | { type: 'pin' | 'unpin'; accountId: string; statusId: string }
  /** The profile changed: Update of the actor. */
  | { type: 'update_actor'; accountId: string }
  /** Votes in a remote poll, one Note per chosen option. */
  | { type: 'vote'; accountId: string; pollId: string; choices: number[] }
  /**
   * The account was deleted: Delete of the actor to every server that knew it, those inboxes
   * gathered before its relationships went.
   */
  | { type: 'delete_actor'; accountId: string; inboxes: string[] }
  /** A report forwarded (Flag, from the instance actor) to the servers it names. */
  | { type: 'flag'; reportId: string };

/** A delivery signed by the instance actor (`/actor`) rather than an account. */
export const INSTANCE_ACTOR_SENDER = 'instance-actor';

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
  /** Feeds the status went into, by kind (none when it was not distributed). */
  [JobName.DistributeStatus]: {
    distributed: boolean;
    feeds: { home: number; list: number; tag: number };
  };
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
  [JobName.CacheRemoteMedia]: { cached: boolean };
  [JobName.CacheRemoteEmoji]: { cached: boolean };
  [JobName.RefreshRemotePoll]: { refreshed: boolean };
  [JobName.ClearDomainMedia]: { attachments: number; emojis: number };
  /** How many attachments were removed. */
  [JobName.RemoveOrphanedMedia]: { removed: number };
  [JobName.GenerateAnnualReport]: { generated: boolean };
  /** Whether the announcement was streamed (false: not published, or not yet due). */
  [JobName.PublishAnnouncement]: { published: boolean };
  [JobName.PublishAnnouncementReaction]: void;
  [JobName.UnpublishAnnouncement]: void;
  [JobName.FetchLinkCard]: { fetched: boolean };
  [JobName.RefreshTrends]: { refreshed: boolean };
  /** How many inboxes the activity was queued for. */
  [JobName.DistributeActivity]: { inboxes: number };
  /**
   * `delivered` (2xx), `refused` (a lasting 4xx: not retried, the server answered), `skipped`
   * (its server is marked unavailable).
   */
  [JobName.DeliverActivity]: { outcome: 'delivered' | 'refused' | 'skipped' };
  [JobName.ProcessInboundActivity]: void;
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
  [JobName.CacheRemoteMedia]: 'media',
  [JobName.CacheRemoteEmoji]: 'media',
  [JobName.RefreshRemotePoll]: 'default',
  [JobName.ClearDomainMedia]: 'default',
  [JobName.RemoveOrphanedMedia]: 'scheduler',
  [JobName.GenerateAnnualReport]: 'default',
  [JobName.PublishAnnouncement]: 'scheduler',
  [JobName.PublishAnnouncementReaction]: 'default',
  [JobName.UnpublishAnnouncement]: 'default',
  [JobName.FetchLinkCard]: 'default',
  [JobName.RefreshTrends]: 'scheduler',
  [JobName.DistributeActivity]: 'default',
  [JobName.DeliverActivity]: 'federation.deliver',
  [JobName.ProcessInboundActivity]: 'ingress',
};
