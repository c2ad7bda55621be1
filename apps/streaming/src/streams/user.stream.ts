import { Injectable } from '@nestjs/common';
import { Channel } from '@nestodon/pubsub';
import { StreamViewer } from '../auth/stream-authenticator';
import { NOTIFICATION_SCOPES, ResolvedStream, STATUS_SCOPES, StreamKind } from './stream-kind';

/**
 * `user`: the home timeline, with notifications when the token may read them, filters_changed
 * and announcements; `user:notification`: notifications only.
 */
@Injectable()
export class UserStream implements StreamKind {
  readonly names = ['user', 'user:notification'] as const;
  readonly anonymous = false;

  scopes(name: string): readonly string[] {
    return name === 'user:notification' ? NOTIFICATION_SCOPES : STATUS_SCOPES;
  }

  async resolve(
    name: string,
    _params: unknown,
    viewer: StreamViewer | null,
  ): Promise<ResolvedStream> {
    const accountId = viewer!.accountId;
    const notifications = Channel.userNotifications(accountId);
    if (name === 'user:notification') {
      return { key: [name], channels: [notifications], filterContext: null, publicTimeline: false };
    }
    const readsNotifications = NOTIFICATION_SCOPES.some((scope) => viewer!.scopes.has(scope));
    return {
      key: [name],
      channels: readsNotifications
        ? [Channel.user(accountId), notifications]
        : [Channel.user(accountId)],
      filterContext: 'home',
      publicTimeline: false,
    };
  }
}
