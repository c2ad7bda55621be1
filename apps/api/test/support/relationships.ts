import { digestToken } from '@nestodon/access';
import { Account, User } from '@nestodon/domain';
import {
  AccountWithToken,
  authWithScopes,
  createAccountWithToken,
  waitFor,
} from '@nestodon/testing';
import { DataSource, DeepPartial } from 'typeorm';

export type Person = AccountWithToken;

/** A confirmed local user with a `read write follow push` token. */
export const person = (
  dataSource: DataSource,
  attributes: DeepPartial<Account> = {},
  userAttributes: DeepPartial<User> = {},
): Promise<Person> => createAccountWithToken(dataSource, attributes, undefined, userAttributes);

/** Authorization header value of another token of the same user, with only these scopes. */
export const scopedAuth = authWithScopes;

/** Counts the SQL queries the data source sends while `run` runs. */
export async function countQueries(
  dataSource: DataSource,
  run: () => Promise<unknown>,
): Promise<number> {
  const logger = dataSource.logger;
  const original = logger.logQuery;
  let count = 0;
  logger.logQuery = function (...args: Parameters<typeof original>) {
    count++;
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    logger.logQuery = original;
  }
  return count;
}

/**
 * Waits until the token of `auth` is stamped as used. The guard stamps a token on its first
 * request but off the response path, so a stamp still being written would be counted as a query
 * of the next request: count queries only after this.
 */
export async function tokenUseRecorded(dataSource: DataSource, auth: string): Promise<void> {
  const digest = digestToken(auth.replace(/^Bearer /, ''));
  const stamped = await waitFor(async () => {
    const rows: Array<{ stamped: boolean }> = await dataSource.query(
      `SELECT last_used_at IS NOT NULL AS stamped FROM oauth_access_tokens WHERE token_digest = $1`,
      [digest],
    );
    return rows[0]?.stamped === true;
  });
  if (!stamped) throw new Error('the token was never stamped as used');
}

/** The Link header's URLs by rel. */
export function links(header: string | undefined): Record<string, URL> {
  const result: Record<string, URL> = {};
  for (const part of (header ?? '').split(',')) {
    const match = /<([^>]+)>;\s*rel="(\w+)"/.exec(part.trim());
    if (match) result[match[2]] = new URL(match[1]);
  }
  return result;
}

/** Path and query of a Link URL, to follow it against the test server. */
export const pathOf = (url: URL) => `${url.pathname}${url.search}`;
