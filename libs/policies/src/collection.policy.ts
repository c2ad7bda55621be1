import { isBlockedEitherWay, ViewerRelations } from './status.policy';

/**
 * Collections (Mastodon 4.6). A collection is shown to anyone but those its owner blocks or who
 * block its owner, and never once its owner is suspended; only discoverable ones are listed on
 * the owner's profile for others. Its owner may feature an account that is not suspended, with
 * no block between them, and that agrees to be featured: a local account does when it is
 * discoverable (Mastodon's local feature policy), a remote one is asked (its item waits).
 */

export interface FeaturedAccountFacts {
  id: string;
  domain: string | null;
  discoverable: boolean | null;
  suspendedAt: Date | null;
}

/** `relations` are the owner's relations to the account. */
export function canFeature(account: FeaturedAccountFacts, relations: ViewerRelations): boolean {
  if (account.suspendedAt !== null) return false;
  if (isBlockedEitherWay(account.id, relations)) return false;
  return account.domain !== null || account.discoverable === true;
}

/** `relations` are the viewer's relations to the owner (anonymous relations for nobody). */
export function canViewCollection(
  owner: { id: string; suspendedAt: Date | null },
  relations: ViewerRelations,
): boolean {
  if (owner.suspendedAt !== null) return false;
  if (relations.viewerId === owner.id) return true;
  return relations.viewerId === null || !isBlockedEitherWay(owner.id, relations);
}
