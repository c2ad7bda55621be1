import { isIP } from 'node:net';
import {
  AdminAccountFilter,
  AdminAccountOrigin,
  AdminAccountStatus,
  ValidationError,
} from '@nestodon/domain';
import { ToArray } from '@nestodon/http';
import { IsArray, IsIn, IsOptional, IsString, Matches } from 'class-validator';

const ORIGINS: AdminAccountOrigin[] = ['local', 'remote'];
const STATUSES: AdminAccountStatus[] = [
  'active',
  'pending',
  'disabled',
  'silenced',
  'suspended',
  'sensitized',
];

/** The text filters both versions share. */
export class AdminAccountSearch {
  @IsOptional()
  @IsString()
  username?: string;

  @IsOptional()
  @IsString()
  display_name?: string;

  @IsOptional()
  @IsString()
  by_domain?: string;

  @IsOptional()
  @IsString()
  email?: string;

  /** An address, or a range in CIDR notation. */
  @IsOptional()
  @IsString()
  ip?: string;
}

/** v1's flags: `remote` and one status flag narrow the default of active local accounts. */
export class AdminAccountsV1Query extends AdminAccountSearch {
  @IsOptional() @IsString() local?: string;
  @IsOptional() @IsString() remote?: string;
  @IsOptional() @IsString() active?: string;
  @IsOptional() @IsString() pending?: string;
  @IsOptional() @IsString() disabled?: string;
  @IsOptional() @IsString() sensitized?: string;
  @IsOptional() @IsString() silenced?: string;
  @IsOptional() @IsString() suspended?: string;
  @IsOptional() @IsString() staff?: string;
}

/** v2's named filters, none applied by default. */
export class AdminAccountsV2Query extends AdminAccountSearch {
  @IsOptional()
  @IsIn(ORIGINS)
  origin?: AdminAccountOrigin;

  @IsOptional()
  @IsIn(STATUSES)
  status?: AdminAccountStatus;

  @IsOptional()
  @IsIn(['staff'])
  permissions?: string;

  @IsOptional()
  @ToArray()
  @IsArray()
  @Matches(/^-?\d{1,19}$/, { each: true })
  role_ids?: string[];

  @IsOptional()
  @Matches(/^\d{1,19}$/)
  invited_by?: string;
}

const present = (value: string | undefined) => value !== undefined && value !== '';

/** An address or a CIDR range PostgreSQL's inet accepts; 422 otherwise. */
function ipRange(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const [address, prefix, ...rest] = value.split('/');
  const version = isIP(address);
  const maxPrefix = version === 6 ? 128 : 32;
  const prefixOk =
    prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
  if (version === 0 || !prefixOk || rest.length > 0) {
    throw new ValidationError('Validation failed: Ip is not an IP address or range');
  }
  return value;
}

function search(query: AdminAccountSearch): AdminAccountFilter {
  const trimmed = (value: string | undefined) => value?.trim() || undefined;
  return {
    username: trimmed(query.username),
    displayName: trimmed(query.display_name),
    byDomain: trimmed(query.by_domain),
    email: trimmed(query.email),
    ip: ipRange(trimmed(query.ip)),
  };
}

/** Mastodon's translation of v1 flags into AccountFilter keys. */
export function v1AccountFilter(query: AdminAccountsV1Query): AdminAccountFilter {
  let status: AdminAccountStatus = 'active';
  for (const flag of STATUSES) if (present(query[flag])) status = flag;
  return {
    ...search(query),
    origin: present(query.remote) ? 'remote' : 'local',
    status,
    staff: present(query.staff) || undefined,
  };
}

export function v2AccountFilter(query: AdminAccountsV2Query): AdminAccountFilter {
  return {
    ...search(query),
    origin: query.origin,
    status: query.status,
    staff: query.permissions === 'staff' || undefined,
    roleIds: query.role_ids,
    invitedBy: query.invited_by,
  };
}

const SEARCH_KEYS = ['username', 'display_name', 'by_domain', 'email', 'ip'];

/** The filter parameters the Link headers keep. */
export const V1_FILTER_KEYS = [...SEARCH_KEYS, 'local', 'remote', ...STATUSES, 'staff'];
export const V2_FILTER_KEYS = [
  ...SEARCH_KEYS,
  'origin',
  'status',
  'permissions',
  'role_ids',
  'invited_by',
];
