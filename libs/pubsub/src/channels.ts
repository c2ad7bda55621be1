/**
 * Redis pub/sub channel names shared by the publishers (api, worker) and the streaming process.
 * Names follow Mastodon's so operators recognise them.
 */
export const Channel = {
  user: (accountId: string) => `timeline:${accountId}`,
  userNotifications: (accountId: string) => `timeline:${accountId}:notifications`,
  direct: (accountId: string) => `timeline:direct:${accountId}`,
  list: (listId: string) => `timeline:list:${listId}`,
  public: 'timeline:public',
  publicMedia: 'timeline:public:media',
  publicLocal: 'timeline:public:local',
  publicLocalMedia: 'timeline:public:local:media',
  publicRemote: 'timeline:public:remote',
  publicRemoteMedia: 'timeline:public:remote:media',
  hashtag: (tag: string) => `timeline:hashtag:${tag.toLowerCase()}`,
  hashtagLocal: (tag: string) => `timeline:hashtag:${tag.toLowerCase()}:local`,
  /** System messages about one access token (`kill` when it is revoked). */
  accessToken: (tokenId: string) => `timeline:access_token:${tokenId}`,
  /** System messages about one account (`kill` when disabled or suspended, `filters_changed`). */
  system: (accountId: string) => `timeline:system:${accountId}`,
  /** Every process: drop what it cached in memory of a topic (`cache clear`, settings). */
  cacheInvalidation: 'cache:invalidate',
  /** Rows of tokens, users, accounts, apps or roles changed: every auth cache drops them. */
  authRows: 'system:auth_rows',
} as const;

/**
 * Channels of one account or list (home, notifications, direct, list). They are published to
 * only while some streaming process has marked them subscribed (`subscribedMarker`), so a post
 * reaching thousands of home feeds does not publish thousands of messages nobody reads.
 */
const GATED_CHANNEL = /^timeline:(\d+(:notifications)?|direct:\d+|list:\d+)$/;

export function isGatedChannel(channel: string): boolean {
  return GATED_CHANNEL.test(channel);
}

/** Redis key a subscriber keeps alive while it listens to a gated channel (Mastodon's name). */
export const subscribedMarker = (channel: string) => `subscribed:${channel}`;

/** How long a marker lives, and how often subscribers refresh it (Mastodon: 18 and 6 minutes). */
export const SUBSCRIBED_MARKER_TTL_SECONDS = 18 * 60;
export const SUBSCRIBED_MARKER_REFRESH_MS = 6 * 60 * 1000;

/** Events as the streaming API names them. */
export const StreamEvent = {
  Update: 'update',
  Delete: 'delete',
  Notification: 'notification',
  FiltersChanged: 'filters_changed',
  Conversation: 'conversation',
  Announcement: 'announcement',
  AnnouncementReaction: 'announcement.reaction',
  AnnouncementDelete: 'announcement.delete',
  StatusUpdate: 'status.update',
  NotificationsMerged: 'notifications_merged',
} as const;
export type StreamEvent = (typeof StreamEvent)[keyof typeof StreamEvent];

/** Events on the system channels, for the streaming process itself; never sent to clients. */
export const SystemEvent = {
  /** Close the connections of the token or account. */
  Kill: 'kill',
  /** The account's filters changed: reload them. */
  FiltersChanged: 'filters_changed',
  /** On Channel.cacheInvalidation, for every process: the payload names the topic dropped. */
  Invalidate: 'invalidate',
  /** On `Channel.authRows`: the payload is an AuthRowChange as JSON. */
  AuthRowsChanged: 'auth_rows_changed',
} as const;
export type SystemEvent = (typeof SystemEvent)[keyof typeof SystemEvent];

export interface StreamMessage {
  event: StreamEvent | SystemEvent;
  /** JSON text of the entity, a bare id for deletes, absent for filters_changed and kill. */
  payload?: string;
  queued_at?: number;
}
