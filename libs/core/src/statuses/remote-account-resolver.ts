import { Account } from '@nestodon/domain';

/**
 * The port through which posting finds remote accounts this server does not know yet: the
 * federation part (libs/activitypub) provides it under REMOTE_ACCOUNT_RESOLVER; a process
 * without federation has none, and unknown handles stay text.
 */
export interface RemoteAccountResolver {
  /** `username@domain` through WebFinger, its actor fetched and stored; null when not found. */
  resolve(username: string, domain: string): Promise<Account | null>;
}

export const REMOTE_ACCOUNT_RESOLVER = Symbol('REMOTE_ACCOUNT_RESOLVER');
