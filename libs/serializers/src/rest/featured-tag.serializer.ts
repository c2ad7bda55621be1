import { Account, FeaturedTag } from '@nestodon/domain';

/** Mastodon's FeaturedTag entity. */
export interface FeaturedTagJson {
  id: string;
  name: string;
  url: string;
  /** A string, as Mastodon sends it. */
  statuses_count: string;
  /** Date (YYYY-MM-DD) of the owner's latest public post with the tag. */
  last_status_at: string | null;
}

export function serializeFeaturedTag(
  featured: FeaturedTag,
  owner: Pick<Account, 'username' | 'domain'>,
  baseUrl: string,
): FeaturedTagJson {
  const acct = owner.domain === null ? owner.username : `${owner.username}@${owner.domain}`;
  return {
    id: String(featured.id),
    name: featured.name,
    url: `${baseUrl}/@${acct}/tagged/${encodeURIComponent(featured.name)}`,
    statuses_count: String(featured.statusesCount),
    last_status_at: featured.lastStatusAt
      ? new Date(featured.lastStatusAt).toISOString().slice(0, 10)
      : null,
  };
}
