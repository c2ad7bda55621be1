import { hasPermission, Permission } from '@nestodon/domain';

/** A role as moderation rules see it (null: a remote account, which has none). */
export interface RoleFacts {
  permissions: string;
  position: number;
}

/** Mastodon's UserRole#overrides?: a role outranks no role and lower positions only. */
export function roleOverrides(actor: RoleFacts, target: RoleFacts | null): boolean {
  return target === null || actor.position > target.position;
}

/** What moderators do to accounts through the admin API (Mastodon's account action types). */
export const ACCOUNT_ACTION_TYPES = ['none', 'sensitive', 'disable', 'silence', 'suspend'] as const;
export type AccountActionType = (typeof ACCOUNT_ACTION_TYPES)[number];

/**
 * Mastodon's AccountPolicy and UserPolicy for an action on an account: warning (`none`) needs
 * manage_users or manage_reports, the others manage_users; every one needs a role that
 * outranks the target's (so nobody acts on themselves or their betters); disabling needs a
 * local user.
 */
export function mayTakeAccountAction(
  type: AccountActionType,
  actor: RoleFacts,
  target: { role: RoleFacts | null; hasUser: boolean },
): boolean {
  const permitted =
    type === 'none'
      ? hasPermission(actor.permissions, Permission.ManageUsers, Permission.ManageReports)
      : hasPermission(actor.permissions, Permission.ManageUsers);
  if (!permitted || !roleOverrides(actor, target.role)) return false;
  return type !== 'disable' || target.hasUser;
}

/** Every action but `none` resolves all the account's open reports (`none`: only the one given). */
export function resolvesAllOpenReports(type: AccountActionType): boolean {
  return type !== 'none';
}

/** The text a user is shown: the preset's, then the moderator's own words. */
export function warningText(presetText: string | null, text: string | null): string {
  return [presetText, text].filter((part): part is string => !!part).join('\n\n');
}

/**
 * Whether a status shows as sensitive: a sensitized author's media always do, except to the
 * author, who sees what they chose (Mastodon's StatusSerializer#sensitive).
 */
export function showsSensitive(
  status: { sensitive: boolean; accountId: string },
  author: { sensitizedAt: Date | null },
  viewerId: string | null,
): boolean {
  if (viewerId === status.accountId) return status.sensitive;
  return status.sensitive || author.sensitizedAt !== null;
}
