import { Status, StatusVisibility } from '@nestodon/domain';

/**
 * Who may see a status, decided here and only here. Every read path (single fetch, lists of ids,
 * threads, account statuses, favourited_by/reblogged_by, polls, and later timelines,
 * notifications and streaming) loads the viewer's relations in batch and asks these functions.
 *
 * - public and unlisted: everyone, anonymous included;
 * - private: the author, followers and mentioned accounts;
 * - direct (and limited): the author and mentioned accounts;
 * - a block either way hides the author's statuses from the other;
 * - deleted statuses and statuses of suspended authors: nobody.
 * A reblog is visible when both the reblog and the reblogged status are.
 */

/** The facts about a status that visibility depends on. */
export interface StatusFacts {
  id: string;
  accountId: string;
  visibility: StatusVisibility;
  deletedAt: Date | null;
  reblogOfId: string | null;
  author: { id: string; domain: string | null; suspendedAt: Date | null };
  /** The reblogged status, required when `reblogOfId` is set (missing means gone). */
  reblog?: StatusFacts | null;
}

/** The policy's view of a loaded status (author and reblogged status included). */
export function statusFacts(status: Status): StatusFacts {
  return {
    id: status.id,
    accountId: status.accountId,
    visibility: status.visibility,
    deletedAt: status.deletedAt,
    reblogOfId: status.reblogOfId,
    author: status.account!,
    reblog: status.reblog ? statusFacts(status.reblog) : (status.reblog ?? null),
  };
}

/** The viewer's relations, preloaded in a constant number of queries for a whole page. */
export interface ViewerRelations {
  /** null for anonymous requests (and app tokens). */
  viewerId: string | null;
  /** Accounts the viewer follows. */
  following: ReadonlySet<string>;
  /** Accounts the viewer blocks. */
  blocking: ReadonlySet<string>;
  /** Accounts that block the viewer. */
  blockedBy: ReadonlySet<string>;
  /** Accounts the viewer mutes (mutes do not hide a status you open; they filter lists). */
  muting: ReadonlySet<string>;
  /** Domains the viewer blocks (same: lists only). */
  domainBlocking: ReadonlySet<string>;
  /** Statuses that mention the viewer. */
  mentionedIn: ReadonlySet<string>;
}

const EMPTY: ReadonlySet<string> = new Set();

/** Relations of an anonymous viewer. */
export function anonymousRelations(): ViewerRelations {
  return {
    viewerId: null,
    following: EMPTY,
    blocking: EMPTY,
    blockedBy: EMPTY,
    muting: EMPTY,
    domainBlocking: EMPTY,
    mentionedIn: EMPTY,
  };
}

const requiresMention = (visibility: StatusVisibility) =>
  visibility === StatusVisibility.Direct || visibility === StatusVisibility.Limited;

/** A block between the viewer and the account, in either direction. */
export function isBlockedEitherWay(accountId: string, relations: ViewerRelations): boolean {
  return relations.blocking.has(accountId) || relations.blockedBy.has(accountId);
}

/** Whether the viewer may see this one status row, not looking at what it reblogs. */
function ownVisibility(status: StatusFacts, relations: ViewerRelations): boolean {
  if (status.deletedAt !== null) return false;
  if (status.author.suspendedAt !== null) return false;
  const viewerId = relations.viewerId;
  if (viewerId !== null && viewerId === status.accountId) return true;
  if (viewerId !== null && isBlockedEitherWay(status.accountId, relations)) return false;
  if (requiresMention(status.visibility)) {
    return viewerId !== null && relations.mentionedIn.has(status.id);
  }
  if (status.visibility === StatusVisibility.Private) {
    return (
      viewerId !== null &&
      (relations.following.has(status.accountId) || relations.mentionedIn.has(status.id))
    );
  }
  return true;
}

/** Whether the viewer may see the status (a reblog: the reblog and what it reblogs). */
export function canViewStatus(status: StatusFacts, relations: ViewerRelations): boolean {
  if (!ownVisibility(status, relations)) return false;
  if (status.reblogOfId === null) return true;
  return !!status.reblog && ownVisibility(status.reblog, relations);
}

/**
 * Visible, and not from an account the viewer mutes or whose domain the viewer blocks: what
 * lists of other people's statuses show (thread context, and later timelines).
 */
export function showInList(status: StatusFacts, relations: ViewerRelations): boolean {
  if (!canViewStatus(status, relations)) return false;
  const authors = status.reblog ? [status.author, status.reblog.author] : [status.author];
  return authors.every(
    (author) =>
      author.id === relations.viewerId ||
      (!relations.muting.has(author.id) &&
        (author.domain === null || !relations.domainBlocking.has(author.domain))),
  );
}

/**
 * What an author's profile shows the viewer: their visible statuses, but reblogs of accounts the
 * viewer mutes or whose domain the viewer blocks are left out (the author's own posts stay).
 */
export function showOnProfile(status: StatusFacts, relations: ViewerRelations): boolean {
  if (!canViewStatus(status, relations)) return false;
  if (!status.reblog) return true;
  const author = status.reblog.author;
  return (
    author.id === relations.viewerId ||
    (!relations.muting.has(author.id) &&
      (author.domain === null || !relations.domainBlocking.has(author.domain)))
  );
}

/**
 * Whether an account belongs in a list the viewer reads (favourited_by, reblogged_by):
 * not blocked either way, not muted, not suspended.
 */
export function showAccountInList(
  account: { id: string; suspendedAt: Date | null },
  relations: ViewerRelations,
): boolean {
  if (account.suspendedAt !== null) return false;
  if (account.id === relations.viewerId) return true;
  return !isBlockedEitherWay(account.id, relations) && !relations.muting.has(account.id);
}

/**
 * What an author's profile may show the viewer, as a filter the database applies: the allowed
 * visibilities, and whether private/direct statuses mentioning the viewer come on top. `null`
 * means nothing (a block either way, a suspended author).
 */
export interface AuthorStatusesScope {
  visibilities: StatusVisibility[];
  /** Also private and direct statuses that mention the viewer. */
  mentioned: boolean;
}

export function authorStatusesScope(
  author: { id: string; suspendedAt: Date | null },
  relations: ViewerRelations,
): AuthorStatusesScope | null {
  if (author.suspendedAt !== null) return null;
  const viewerId = relations.viewerId;
  if (viewerId === author.id) {
    return {
      visibilities: [
        StatusVisibility.Public,
        StatusVisibility.Unlisted,
        StatusVisibility.Private,
        StatusVisibility.Direct,
        StatusVisibility.Limited,
      ],
      mentioned: false,
    };
  }
  if (viewerId === null) {
    return { visibilities: [StatusVisibility.Public, StatusVisibility.Unlisted], mentioned: false };
  }
  if (isBlockedEitherWay(author.id, relations)) return null;
  const visibilities: StatusVisibility[] = [StatusVisibility.Public, StatusVisibility.Unlisted];
  if (relations.following.has(author.id)) visibilities.push(StatusVisibility.Private);
  return { visibilities, mentioned: true };
}

/** Reblogging: `hidden` (404), `forbidden` (403: direct, or someone else's private status). */
export type ReblogDecision = 'allowed' | 'hidden' | 'forbidden';

export function decideReblog(status: StatusFacts, relations: ViewerRelations): ReblogDecision {
  if (!canViewStatus(status, relations)) return 'hidden';
  const target = status.reblog ?? status;
  if (requiresMention(target.visibility)) return 'forbidden';
  if (target.visibility === StatusVisibility.Private && target.accountId !== relations.viewerId) {
    return 'forbidden';
  }
  return 'allowed';
}

/** Pinning to one's profile: own, not a reblog, public, unlisted or private, under the cap. */
export type PinDecision = 'allowed' | 'ownership' | 'reblog' | 'direct' | 'limit';

export function decidePin(
  status: Pick<StatusFacts, 'accountId' | 'visibility' | 'reblogOfId'>,
  viewerId: string,
  pinnedCount: number,
  maxPinned: number,
): PinDecision {
  if (status.reblogOfId !== null) return 'reblog';
  if (status.accountId !== viewerId) return 'ownership';
  if (requiresMention(status.visibility)) return 'direct';
  if (pinnedCount >= maxPinned) return 'limit';
  return 'allowed';
}

/** Whether a status shows as `pinned` for the viewer: own, not a reblog, pinnable visibility. */
export function isPinnable(
  status: Pick<StatusFacts, 'accountId' | 'visibility' | 'reblogOfId'>,
  viewerId: string | null,
): boolean {
  return (
    viewerId !== null &&
    status.accountId === viewerId &&
    status.reblogOfId === null &&
    !requiresMention(status.visibility)
  );
}

/** Only the author edits a status, and never a reblog or a deleted one. */
export function canEditStatus(
  status: Pick<StatusFacts, 'accountId' | 'reblogOfId' | 'deletedAt'>,
  viewerId: string,
): boolean {
  return status.accountId === viewerId && status.reblogOfId === null && status.deletedAt === null;
}

/**
 * Public and unlisted replies count in the parent's replies_count; statuses other than direct
 * ones count in the author's statuses_count (Mastodon's counter rules).
 */
export const countsAsReply = (visibility: StatusVisibility) =>
  visibility === StatusVisibility.Public || visibility === StatusVisibility.Unlisted;
export const countsInStatusesCount = (visibility: StatusVisibility) =>
  visibility !== StatusVisibility.Direct && visibility !== StatusVisibility.Limited;
