import { QuotePolicy, QuoteStateName, StatusVisibility } from '@nestodon/domain';
import { canViewStatus, StatusFacts, ViewerRelations } from './status.policy';

/**
 * Quote posts, as Mastodon 4.5 decides them.
 *
 * A status's quote approval policy is a bitmap: the policies whose quotes are approved
 * automatically in the high 16 bits, those reviewed by hand in the low 16. Local statuses only
 * ever set automatic `public` or `followers` (or nothing: only the author may quote), and
 * private and direct statuses nothing at all. Anyone who may see a status and is not denied by
 * its policy may quote it; its author always may, except a direct status, which nobody quotes.
 */
export const QuotePolicyFlag = {
  UnsupportedPolicy: 1 << 0,
  Public: 1 << 1,
  Followers: 1 << 2,
  Following: 1 << 3,
} as const;

const FLAG_KEYS: ReadonlyArray<[string, number]> = [
  ['unsupported_policy', QuotePolicyFlag.UnsupportedPolicy],
  ['public', QuotePolicyFlag.Public],
  ['followers', QuotePolicyFlag.Followers],
  ['following', QuotePolicyFlag.Following],
];

/**
 * The bitmap of a local status: the choice as an automatic policy, and nothing for statuses
 * that are neither public nor unlisted (Mastodon downgrades those to "author only").
 */
export function quoteApprovalPolicyBits(choice: QuotePolicy, visibility: StatusVisibility): number {
  if (visibility !== StatusVisibility.Public && visibility !== StatusVisibility.Unlisted) return 0;
  if (choice === 'public') return QuotePolicyFlag.Public << 16;
  if (choice === 'followers') return QuotePolicyFlag.Followers << 16;
  return 0;
}

/** The named policies of one half of the bitmap (QuoteApproval's `automatic` and `manual`). */
export function quotePolicyKeys(bits: number, kind: 'automatic' | 'manual'): string[] {
  const half = kind === 'automatic' ? bits >>> 16 : bits & 0xffff;
  return FLAG_KEYS.flatMap(([key, flag]) => (half & flag ? [key] : []));
}

/** How a status's policy applies to someone who would quote it (QuoteApproval `current_user`). */
export type QuoteAuthorization = 'automatic' | 'manual' | 'unknown' | 'denied';

export interface QuotedStatusFacts {
  accountId: string;
  visibility: StatusVisibility;
  reblogOfId: string | null;
  quoteApprovalPolicy: number;
}

/**
 * `viewer` is null for anonymous requests; `followsAuthor`/`followedByAuthor` are the follows
 * between the viewer and the status's author.
 */
export function quoteAuthorization(
  status: QuotedStatusFacts,
  viewer: { id: string; followsAuthor: boolean; followedByAuthor: boolean } | null,
): QuoteAuthorization {
  if (viewer === null || status.visibility === StatusVisibility.Direct || status.reblogOfId) {
    return 'denied';
  }
  if (status.accountId === viewer.id) return 'automatic';
  const allows = (half: number) =>
    (half & QuotePolicyFlag.Public) !== 0 ||
    ((half & QuotePolicyFlag.Followers) !== 0 && viewer.followsAuthor) ||
    ((half & QuotePolicyFlag.Following) !== 0 && viewer.followedByAuthor);
  const automatic = status.quoteApprovalPolicy >>> 16;
  const manual = status.quoteApprovalPolicy & 0xffff;
  if (allows(automatic)) return 'automatic';
  if (allows(manual)) return 'manual';
  if ((automatic | manual) & QuotePolicyFlag.UnsupportedPolicy) return 'unknown';
  return 'denied';
}

/** Quoting a status: `hidden` (the quoter cannot see it, or its policy denies them). */
export function decideQuote(
  quoted: StatusFacts & { quoteApprovalPolicy: number },
  relations: ViewerRelations,
): 'allowed' | 'hidden' {
  if (relations.viewerId === null || !canViewStatus(quoted, relations)) return 'hidden';
  const authorization = quoteAuthorization(quoted, {
    id: relations.viewerId,
    followsAuthor: relations.following.has(quoted.accountId),
    // Local statuses never use `following`; the follow the other way is not loaded here.
    followedByAuthor: false,
  });
  return authorization === 'denied' ? 'hidden' : 'allowed';
}

/**
 * The visibility of the status made by quoting: quoting a private status keeps the quote to
 * followers (a direct one stays direct).
 */
export function quotingVisibility(
  requested: StatusVisibility,
  quoted: { visibility: StatusVisibility },
): StatusVisibility {
  if (
    quoted.visibility === StatusVisibility.Private &&
    (requested === StatusVisibility.Public || requested === StatusVisibility.Unlisted)
  ) {
    return StatusVisibility.Private;
  }
  return requested;
}

/** The states a Quote shows: stored ones and those a viewer's situation adds. */
export type QuoteViewState =
  QuoteStateName | 'unauthorized' | 'blocked_account' | 'blocked_domain' | 'muted_account';

/**
 * What a viewer is shown of a quote: its state, and whether the quoted status is included. A
 * quote that is not accepted shows its state and nothing else; an accepted one whose quoted
 * status is gone is `deleted`; one the viewer may not see is `unauthorized` (hidden). A quoted
 * author the viewer blocks, mutes or whose domain they block still shows, flagged, so that
 * clients can hide it behind a warning, as Mastodon's StatusFilter does for quotes.
 */
export function quoteView(
  stored: QuoteStateName,
  quoted: StatusFacts | null,
  relations: ViewerRelations,
): { state: QuoteViewState; showQuoted: boolean } {
  if (stored !== 'accepted') return { state: stored, showQuoted: false };
  if (quoted === null || quoted.deletedAt !== null) return { state: 'deleted', showQuoted: false };
  if (quoted.reblogOfId !== null) return { state: 'accepted', showQuoted: false };
  const viewerId = relations.viewerId;
  if (viewerId !== null && viewerId === quoted.accountId) {
    return { state: 'accepted', showQuoted: true };
  }
  // The viewer's own blocks and mutes flag the quote; they do not make it unauthorized.
  const asPolicySees: ViewerRelations = { ...relations, blocking: new Set() };
  if (!canViewStatus(quoted, asPolicySees)) return { state: 'unauthorized', showQuoted: false };
  if (viewerId !== null) {
    const domain = quoted.author.domain;
    if (domain !== null && relations.domainBlocking.has(domain)) {
      return { state: 'blocked_domain', showQuoted: true };
    }
    if (relations.blocking.has(quoted.accountId)) {
      return { state: 'blocked_account', showQuoted: true };
    }
    if (relations.muting.has(quoted.accountId)) {
      return { state: 'muted_account', showQuoted: true };
    }
  }
  return { state: 'accepted', showQuoted: true };
}
