import { digestToken } from '@nestodon/access';
import { Account, User } from '@nestodon/domain';
import { createAccessToken, createLocalAccount, waitFor } from '@nestodon/testing';
import { DataSource, DeepPartial } from 'typeorm';

export interface Person {
  account: Account;
  user: User;
  /** Authorization header value of a token with every user scope. */
  auth: string;
}

/** A confirmed local user with a `read write follow push` token. */
export async function person(
  dataSource: DataSource,
  attributes: DeepPartial<Account> = {},
  userAttributes: DeepPartial<User> = {},
): Promise<Person> {
  const { account, user } = await createLocalAccount(dataSource, attributes, userAttributes);
  const token = await createAccessToken(dataSource, { user, scopes: 'read write follow push' });
  return { account, user, auth: `Bearer ${token}` };
}

/** Authorization header value of another token of the same user, with only these scopes. */
export async function scopedAuth(
  dataSource: DataSource,
  who: Person,
  scopes: string,
): Promise<string> {
  return `Bearer ${await createAccessToken(dataSource, { user: who.user, scopes })}`;
}

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
