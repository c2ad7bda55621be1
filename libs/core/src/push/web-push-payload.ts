import { NotificationJson } from '@nestodon/serializers';
import { htmlToText } from '@nestodon/text';

/** What a device decrypts: Mastodon's Web Push payload. */
export interface WebPushPayload {
  access_token: string;
  preferred_locale: string;
  notification_id: string;
  notification_type: string;
  icon: string;
  title: string;
  body: string;
}

const TITLES: Readonly<Record<string, (name: string) => string>> = {
  mention: (name) => `${name} mentioned you`,
  status: (name) => `${name} just posted`,
  reblog: (name) => `${name} boosted your post`,
  follow: (name) => `${name} followed you`,
  follow_request: (name) => `${name} asked to follow you`,
  favourite: (name) => `${name} favourited your post`,
  poll: (name) => `A poll by ${name} has ended`,
  update: (name) => `${name} edited a post`,
  'admin.sign_up': (name) => `${name} signed up`,
  'admin.report': (name) => `${name} filed a report`,
  moderation_warning: () => 'You have received a moderation warning',
};

const BODY_LENGTH = 140;

function truncate(text: string): string {
  const chars = [...text];
  return chars.length <= BODY_LENGTH ? text : `${chars.slice(0, BODY_LENGTH - 1).join('')}…`;
}

/**
 * The payload for a rendered notification: the sender's static avatar as icon, a title naming
 * the sender, and as body the content warning, else the status text, else the sender's bio,
 * as plain text of at most 140 characters.
 */
export function webPushPayload(
  notification: NotificationJson,
  accessToken: string,
  locale: string,
): WebPushPayload {
  const sender = notification.account;
  const name = sender.display_name || sender.username;
  const status = notification.status;
  const text = status?.spoiler_text || htmlToText(status?.content ?? '') || htmlToText(sender.note);
  return {
    access_token: accessToken,
    preferred_locale: locale,
    notification_id: notification.id,
    notification_type: notification.type,
    icon: sender.avatar_static,
    title: (TITLES[notification.type] ?? ((who: string) => `New notification from ${who}`))(name),
    body: truncate(text.trim()),
  };
}
