/** Role permissions as a bitmask, with Mastodon's bit positions so admin tooling agrees. */
export const Permission = {
  Administrator: 1n << 0n,
  ViewDevops: 1n << 1n,
  ViewAuditLog: 1n << 2n,
  ViewDashboard: 1n << 3n,
  ManageReports: 1n << 4n,
  ManageFederation: 1n << 5n,
  ManageSettings: 1n << 6n,
  ManageBlocks: 1n << 7n,
  ManageTaxonomies: 1n << 8n,
  ManageAppeals: 1n << 9n,
  ManageUsers: 1n << 10n,
  ManageInvites: 1n << 11n,
  ManageRules: 1n << 12n,
  ManageAnnouncements: 1n << 13n,
  ManageCustomEmojis: 1n << 14n,
  ManageWebhooks: 1n << 15n,
  InviteUsers: 1n << 16n,
  ManageRoles: 1n << 17n,
  ManageUserAccess: 1n << 18n,
  DeleteUserData: 1n << 19n,
  ViewFeeds: 1n << 20n,
  InviteBypassApproval: 1n << 21n,
  ManageEmailSubscriptions: 1n << 22n,
} as const;
export type PermissionName = keyof typeof Permission;

export const ALL_PERMISSIONS = Object.values(Permission).reduce((all, bit) => all | bit, 0n);

/** Id of the implicit role every user has (Mastodon's EVERYONE_ROLE_ID). */
export const EVERYONE_ROLE_ID = '-99';

/** Whether a role's permission mask (as stored, a decimal string) grants any of `wanted`. */
export function hasPermission(mask: string | bigint, ...wanted: bigint[]): boolean {
  const bits = BigInt(mask);
  if (bits & Permission.Administrator) return true;
  return wanted.some((bit) => (bits & bit) === bit);
}

/** Mastodon's name of each permission (`manage_taxonomies`), as operators type them. */
export const PERMISSION_NAMES: ReadonlyMap<string, bigint> = new Map(
  Object.entries(Permission).map(([key, bit]) => [
    key.replace(/(?<=[a-z])(?=[A-Z])/g, '_').toLowerCase(),
    bit,
  ]),
);

/** The names of the permissions a mask grants, in bit order. */
export function permissionNamesOf(mask: string | bigint): string[] {
  const bits = BigInt(mask);
  return [...PERMISSION_NAMES].filter(([, bit]) => (bits & bit) === bit).map(([name]) => name);
}
