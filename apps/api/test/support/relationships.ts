import { Account, User } from '@nestodon/domain';
import { createAccessToken, createLocalAccount } from '@nestodon/testing';
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
