import { FilterContextName } from '@nestodon/domain';
import { StreamViewer } from '../auth/stream-authenticator';

/** What names a stream beyond its kind: the tag of a hashtag stream, the id of a list. */
export interface StreamParams {
  tag?: string;
  list?: string;
}

/** A stream a connection subscribes to, resolved to Redis channels. */
export interface ResolvedStream {
  /** The `stream` field of every message: `["user"]`, `["hashtag", "cats"]`, `["list", "7"]`. */
  key: string[];
  channels: string[];
  /** The filter context statuses are filtered in; null when the stream carries no statuses. */
  filterContext: FilterContextName | null;
  /** A public or hashtag stream: the user's chosen languages apply. */
  publicTimeline: boolean;
}

/**
 * One kind of stream (one file each): the names it answers to, the scopes a token needs, and
 * how a name and its parameters become channels. `anonymous` kinds accept connections without
 * a token while the public timeline preview is on.
 */
export interface StreamKind {
  readonly names: readonly string[];
  readonly anonymous: boolean;
  scopes(name: string): readonly string[];
  /** Throws StreamError for missing parameters or streams the viewer may not read. */
  resolve(name: string, params: StreamParams, viewer: StreamViewer | null): Promise<ResolvedStream>;
}

/** Mastodon's rule for every stream but notifications: `read` or `read:statuses`. */
export const STATUS_SCOPES = ['read', 'read:statuses'] as const;
export const NOTIFICATION_SCOPES = ['read', 'read:notifications'] as const;
