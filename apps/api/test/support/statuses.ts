import { Account, User } from '@nestodon/domain';
import { createAccessToken, createLocalAccount } from '@nestodon/testing';
import TestAgent from 'supertest/lib/agent';
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

/** Posts a status through the API and returns its JSON (fails the test on an error). */
export async function postStatus(
  http: TestAgent,
  actor: Actor,
  body: Record<string, unknown>,
): Promise<{ id: string; [key: string]: unknown }> {
  const res = await http.post('/api/v1/statuses').set('Authorization', actor.auth).send(body);
  if (res.status !== 200)
    throw new Error(`posting failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
