import { randomBytes } from 'node:crypto';
import { digestToken, generateToken } from '@nestodon/access';
import { Account, OAuthAccessToken, OAuthApplication, User } from '@nestodon/domain';
import { DataSource, DeepPartial } from 'typeorm';
import { createLocalAccount } from './account.factory';

export interface CreatedApplication {
  application: OAuthApplication;
  clientId: string;
  clientSecret: string;
}

/** A registered OAuth app; the plaintext secret is returned once, as on registration. */
export async function createApplication(
  dataSource: DataSource,
  attributes: DeepPartial<OAuthApplication> = {},
): Promise<CreatedApplication> {
  const clientId = generateToken();
  const clientSecret = generateToken();
  const application = await dataSource.getRepository(OAuthApplication).save({
    name: `Test App ${randomBytes(2).toString('hex')}`,
    uid: clientId,
    secretDigest: digestToken(clientSecret),
    redirectUri: 'urn:ietf:wg:oauth:2.0:oob',
    scopes: 'read write follow push',
    ...attributes,
  });
  return { application, clientId, clientSecret };
}

/** A bearer token for a user (or an app token without one); returns the plaintext token. */
export async function createAccessToken(
  dataSource: DataSource,
  options: { user?: Pick<User, 'id'> | null; scopes?: string; application?: OAuthApplication } = {},
): Promise<string> {
  const token = generateToken();
  const application = options.application ?? (await createApplication(dataSource)).application;
  await dataSource.getRepository(OAuthAccessToken).save({
    tokenDigest: digestToken(token),
    scopes: options.scopes ?? 'read write follow push',
    applicationId: application.id,
    resourceOwnerId: options.user?.id ?? null,
  });
  return token;
}

/** A local account and user with a bearer token; `auth` is the Authorization header value. */
export interface AccountWithToken {
  account: Account;
  user: User;
  token: string;
  auth: string;
}

/** A confirmed local user with a token of all scopes (or those given). */
export async function createAccountWithToken(
  dataSource: DataSource,
  attributes: DeepPartial<Account> = {},
  scopes = 'read write follow push',
  userAttributes: DeepPartial<User> = {},
): Promise<AccountWithToken> {
  const { account, user } = await createLocalAccount(dataSource, attributes, userAttributes);
  const token = await createAccessToken(dataSource, { user, scopes });
  return { account, user, token, auth: `Bearer ${token}` };
}

/** The Authorization header value of another token of the same user with only these scopes. */
export async function authWithScopes(
  dataSource: DataSource,
  who: { user: Pick<User, 'id'> },
  scopes: string,
): Promise<string> {
  return `Bearer ${await createAccessToken(dataSource, { user: who.user, scopes })}`;
}
