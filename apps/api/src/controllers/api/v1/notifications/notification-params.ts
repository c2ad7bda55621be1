import { parseBoolean } from '@nestodon/config';
import { isValidId, NotificationScope, ValidationError } from '@nestodon/domain';

function list(query: Record<string, unknown>, name: string): string[] | undefined {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  const items = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null
      ? Object.values(value)
      : [value];
  if (items.some((item) => typeof item !== 'string')) {
    throw new ValidationError(`Validation failed: ${name} must be a list of strings`);
  }
  return items as string[];
}

/** types[], exclude_types[], account_id, include_filtered. */
export function notificationScope(query: Record<string, unknown>): NotificationScope {
  const accountId = query.account_id;
  if (accountId !== undefined && accountId !== '' && !isValidId(accountId)) {
    throw new ValidationError('Validation failed: account_id must be an id');
  }
  return {
    types: list(query, 'types'),
    excludeTypes: list(query, 'exclude_types'),
    accountId: (accountId as string) || undefined,
    includeFiltered: parseBoolean(query.include_filtered),
  };
}

export function groupedTypes(query: Record<string, unknown>): string[] | undefined {
  return list(query, 'grouped_types');
}

/** `limit` for unread counts: default 100, at most 1000. */
export function countLimit(query: Record<string, unknown>): number {
  const raw = query.limit;
  if (raw === undefined || raw === '') return 100;
  if (typeof raw !== 'string' || !/^\d+$/.test(raw)) {
    throw new ValidationError('Validation failed: limit must be an integer');
  }
  return Math.min(Math.max(Number(raw), 1), 1000);
}

/** `id[]` of a bulk request; none at all is an empty list (Mastodon then does nothing). */
export function idList(body: Record<string, unknown>): string[] {
  const value = body.id;
  const items = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null
      ? Object.values(value)
      : value === undefined || value === ''
        ? []
        : [value];
  if (items.some((item) => typeof item !== 'string' && typeof item !== 'number')) {
    throw new ValidationError('Validation failed: id must be a list of ids');
  }
  return items.map(String);
}
