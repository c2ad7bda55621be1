import { List, REPLIES_POLICY_NAMES, RepliesPolicyName } from '@nestodon/domain';

/** Mastodon's List entity. */
export interface ListJson {
  id: string;
  title: string;
  replies_policy: RepliesPolicyName;
  exclusive: boolean;
}

export function serializeList(list: List): ListJson {
  return {
    id: String(list.id),
    title: list.title,
    replies_policy: REPLIES_POLICY_NAMES[list.repliesPolicy] ?? 'list',
    exclusive: list.exclusive,
  };
}
