import { randomBytes } from 'node:crypto';
import { Account, User } from '@nestodon/domain';
import { DataSource, DeepPartial } from 'typeorm';

let sequence = 0;
const unique = () => `${++sequence}${randomBytes(2).toString('hex')}`;

/** A local account with its confirmed user. */
export async function createLocalAccount(
  dataSource: DataSource,
  attributes: DeepPartial<Account> = {},
  userAttributes: DeepPartial<User> = {},
): Promise<{ account: Account; user: User }> {
  const account = await dataSource.getRepository(Account).save({
    username: `user${unique()}`,
    ...attributes,
    domain: null,
  });
  const user = await dataSource.getRepository(User).save({
    accountId: account.id,
    email: `${account.username}@example.test`,
    confirmedAt: new Date(),
    ...userAttributes,
  });
  return { account, user };
}

/**
 * `count` local accounts with users following `target`, in three statements (fan-out tests
 * need thousands); their ids, ascending.
 */
export async function createLocalFollowers(
  dataSource: DataSource,
  target: Pick<Account, 'id'>,
  count: number,
): Promise<string[]> {
  const prefix = `follower${unique()}_`;
  const rows = (await dataSource.query(
    `INSERT INTO accounts (username)
       SELECT $1 || n FROM generate_series(1, $2::int) n RETURNING id::text AS id`,
    [prefix, count],
  )) as Array<{ id: string }>;
  const ids = rows.map(({ id }) => id).sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  await dataSource.query(
    `INSERT INTO users (account_id, email, confirmed_at)
       SELECT id, 'u' || id || '@example.test', now() FROM unnest($1::bigint[]) id`,
    [ids],
  );
  await dataSource.query(
    `INSERT INTO follows (account_id, target_account_id) SELECT id, $2 FROM unnest($1::bigint[]) id`,
    [ids, target.id],
  );
  return ids;
}

/** A remote account as federation would store it. */
export async function createRemoteAccount(
  dataSource: DataSource,
  attributes: DeepPartial<Account> = {},
): Promise<Account> {
  const username = attributes.username ?? `remote${unique()}`;
  const domain = attributes.domain ?? 'remote.example';
  return dataSource.getRepository(Account).save({
    username,
    domain,
    uri: `https://${domain}/users/${username}`,
    url: `https://${domain}/@${username}`,
    inboxUrl: `https://${domain}/users/${username}/inbox`,
    sharedInboxUrl: `https://${domain}/inbox`,
    ...attributes,
  });
}
