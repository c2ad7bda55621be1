import type { Account } from '@nestodon/domain';

/**
 * Who sees an account's followers/following lists: `full` for the owner; `filtered` for
 * everyone else (accounts the viewer blocks, mutes or is blocked by are left out); `hidden`
 * (an empty list) when the owner is suspended, hides its network, or blocks the viewer.
 */
export type NetworkVisibility = 'full' | 'filtered' | 'hidden';

export interface NetworkFacts {
  owner: Pick<Account, 'id' | 'suspendedAt' | 'hideCollections'>;
  viewerId: string | null;
  /** The owner blocks the viewer. */
  ownerBlocksViewer: boolean;
}

export function networkVisibility({
  owner,
  viewerId,
  ownerBlocksViewer,
}: NetworkFacts): NetworkVisibility {
  if (owner.suspendedAt !== null) return 'hidden';
  if (viewerId === owner.id) return 'full';
  if (owner.hideCollections === true || ownerBlocksViewer) return 'hidden';
  return 'filtered';
}
