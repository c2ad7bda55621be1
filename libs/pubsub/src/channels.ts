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
} as const;

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

export interface StreamMessage {
  event: StreamEvent;
  /** JSON text of the entity, a bare id for deletes, absent for filters_changed. */
  payload?: string;
  queued_at?: number;
}
