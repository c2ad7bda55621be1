import { AccountWithToken, authWithScopes, createAccountWithToken } from '@nestodon/testing';
import TestAgent from 'supertest/lib/agent';

/** A confirmed local user with a token (all scopes unless given). */
export type Actor = AccountWithToken;
export const createActor = createAccountWithToken;

/** Another token of the same user with other scopes (403 checks). */
export const tokenWithScopes = authWithScopes;

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
