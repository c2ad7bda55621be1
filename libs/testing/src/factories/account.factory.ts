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
