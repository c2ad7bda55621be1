import { Poll } from '@nestodon/domain';
import type { CustomEmojiJson } from './account.serializer';

/** Mastodon's Poll entity. */
export interface PollJson {
  id: string;
  expires_at: string | null;
  expired: boolean;
  multiple: boolean;
  votes_count: number;
  voters_count: number | null;
  options: Array<{ title: string; votes_count: number | null }>;
  emojis: CustomEmojiJson[];
  voted?: boolean;
  own_votes?: number[];
}

/**
 * Option totals are hidden (null) while a hide_totals poll runs. `ownVotes` is the viewer's
 * choices (undefined for anonymous viewers: then `voted` and `own_votes` are left out).
 */
export function serializePoll(
  poll: Poll,
  options: {
    viewerId?: string | null;
    ownVotes?: number[];
    emojis?: CustomEmojiJson[];
    now?: Date;
  } = {},
): PollJson {
  const expired = poll.isExpired(options.now);
  const showTotals = expired || !poll.hideTotals;
  const json: PollJson = {
    id: poll.id,
    expires_at: poll.expiresAt ? poll.expiresAt.toISOString() : null,
    expired,
    multiple: poll.multiple,
    votes_count: poll.votesCount,
    voters_count: poll.votersCount,
    options: poll.options.map((title, index) => ({
      title,
      votes_count: showTotals ? (poll.cachedTallies[index] ?? 0) : null,
    })),
    emojis: options.emojis ?? [],
  };
  if (options.viewerId) {
    const own = options.ownVotes ?? [];
    json.voted = poll.accountId === options.viewerId || own.length > 0;
    json.own_votes = own;
  }
  return json;
}
