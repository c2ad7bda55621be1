import { Account, User } from '@nestodon/domain';
import { createAccessToken, createLocalAccount } from '@nestodon/testing';
import { DataSource, DeepPartial } from 'typeorm';

export interface Actor {
  account: Account;
  user: User;
  token: string;
  /** The Authorization header value. */
  auth: string;
}

/** A confirmed local user with a token (all scopes unless given). */
export async function createActor(
  dataSource: DataSource,
  attributes: DeepPartial<Account> = {},
  scopes = 'read write follow push',
): Promise<Actor> {
  const { account, user } = await createLocalAccount(dataSource, attributes);
  const token = await createAccessToken(dataSource, { user, scopes });
  return { account, user, token, auth: `Bearer ${token}` };
}

/** Another token of the same user with other scopes (403 checks). */
export async function tokenWithScopes(
  dataSource: DataSource,
  actor: Actor,
  scopes: string,
): Promise<string> {
  return `Bearer ${await createAccessToken(dataSource, { user: actor.user, scopes })}`;
}
