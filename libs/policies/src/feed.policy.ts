import { StatusVisibility } from '@nestodon/domain';

/**
 * What enters a home or list feed, as pure functions over preloaded facts (Mastodon's feed
 * rules). Fan-out on write, merges after a follow and regeneration all ask these, with facts
 * loaded for a whole batch of receivers or statuses in a constant number of queries.
 *
 * Home (a receiver's own statuses always enter):
 * - a reply whose parent is unknown is left out;
 * - statuses of members of the receiver's exclusive lists stay out of home (lists still get them);
 * - the follow's language filter: a status in another language is left out;
 * - a block or a mute of the author, the reblogged author, or anyone mentioned leaves it out;
 *   so does a block of the receiver by the author, or a blocked author domain;
 * - a reply enters only when the receiver follows the replied-to account, is that account,
 *   or the author replies to itself;
 * - a reblog stays out when the receiver hides the reblogger's boosts, or the reblogged
 *   author blocks the receiver or is on a blocked domain.
 * List, on top of the home rules for the owner (except exclusivity): a reply to someone else
 * enters by the list's replies policy: `followed` when the owner follows the replied-to
 * account, `list` when it is a member of the list, `none` never; replies to the owner enter.
 */

export interface FeedStatus {
  id: string;
  accountId: string;
  /** The author's domain, null when local. */
  authorDomain: string | null;
  reply: boolean;
  inReplyToId: string | null;
  inReplyToAccountId: string | null;
  language: string | null;
  /** Accounts mentioned (not silently). */
  mentionedAccountIds: readonly string[];
  /** The reblogged status, for a reblog. */
  reblog: {
    id: string;
    accountId: string;
    authorDomain: string | null;
    mentionedAccountIds: readonly string[];
  } | null;
}

/** The receiver's relations to the accounts a batch of statuses involves. */
export interface FeedReceiverFacts {
  receiverId: string;
  following: ReadonlySet<string>;
  /** Followed accounts whose boosts the receiver hides. */
  hidingReblogs: ReadonlySet<string>;
  blocking: ReadonlySet<string>;
  blockedBy: ReadonlySet<string>;
  /** Live mutes. */
  muting: ReadonlySet<string>;
  domainBlocking: ReadonlySet<string>;
  /** Per followed account, the languages the receiver wants from it (absent or null: all). */
  languages: ReadonlyMap<string, readonly string[] | null>;
  /** Accounts in any of the receiver's exclusive lists. */
  exclusiveListMembers: ReadonlySet<string>;
}

export type RepliesPolicyName = 'list' | 'followed' | 'none';

export interface FeedList {
  accountId: string;
  repliesPolicy: RepliesPolicyName;
  /** The list's members. */
  members: ReadonlySet<string>;
}

export type FeedTimeline = 'home' | 'list';

/** True when the status must stay out of the receiver's home (or a list of theirs). */
export function filterFromHome(
  status: FeedStatus,
  facts: FeedReceiverFacts,
  timeline: FeedTimeline = 'home',
): boolean {
  const receiverId = facts.receiverId;
  if (status.accountId === receiverId) return false;
  if (status.reply && (status.inReplyToId === null || status.inReplyToAccountId === null)) {
    return true;
  }
  if (timeline === 'home' && facts.exclusiveListMembers.has(status.accountId)) return true;
  const languages = facts.languages.get(status.accountId);
  if (
    languages &&
    languages.length > 0 &&
    status.language &&
    !languages.includes(status.language)
  ) {
    return true;
  }

  const involved = [status.accountId, ...status.mentionedAccountIds];
  if (status.reblog) involved.push(status.reblog.accountId, ...status.reblog.mentionedAccountIds);
  if (
    involved.some((id) => id !== receiverId && (facts.blocking.has(id) || facts.muting.has(id)))
  ) {
    return true;
  }
  if (facts.blockedBy.has(status.accountId)) return true;
  if (status.authorDomain !== null && facts.domainBlocking.has(status.authorDomain)) return true;

  if (status.reply && status.inReplyToAccountId !== null) {
    return (
      !facts.following.has(status.inReplyToAccountId) &&
      status.inReplyToAccountId !== receiverId &&
      status.inReplyToAccountId !== status.accountId
    );
  }
  if (status.reblog) {
    return (
      facts.hidingReblogs.has(status.accountId) ||
      facts.blockedBy.has(status.reblog.accountId) ||
      (status.reblog.authorDomain !== null && facts.domainBlocking.has(status.reblog.authorDomain))
    );
  }
  return false;
}

/** True when a reply must stay out of the list by its replies policy. */
export function filterFromList(
  status: FeedStatus,
  list: FeedList,
  facts: FeedReceiverFacts,
): boolean {
  if (!status.reply || status.inReplyToAccountId === status.accountId) return false;
  if (status.inReplyToAccountId === list.accountId) return false;
  switch (list.repliesPolicy) {
    case 'none':
      return true;
    case 'followed':
      return status.inReplyToAccountId === null || !facts.following.has(status.inReplyToAccountId);
    case 'list':
      return status.inReplyToAccountId === null || !list.members.has(status.inReplyToAccountId);
  }
}

/** Whether a status in a followed account's feed also notifies a follower who asked to be. */
export function notifiesFollowers(
  status: Pick<FeedStatus, 'reblog' | 'reply' | 'inReplyToAccountId' | 'accountId'>,
): boolean {
  if (status.reblog) return false;
  return !status.reply || status.inReplyToAccountId === status.accountId;
}

/**
 * Whether a status also goes to the home feeds of local users following one of its hashtags
 * (Mastodon 4.0+): only original public statuses of authors who are not silenced, local or
 * remote. Each such receiver is still subject to `filterFromHome`; past entries stay when
 * the tag is unfollowed.
 */
export function reachesTagFollowers(status: {
  visibility: StatusVisibility;
  reblog: boolean;
  authorSilenced: boolean;
}): boolean {
  return status.visibility === StatusVisibility.Public && !status.reblog && !status.authorSilenced;
}
