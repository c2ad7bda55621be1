import { isDeepStrictEqual } from 'node:util';
import type { Test } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import { createLocalAccount } from './factories/account.factory';
import { authWithScopes } from './factories/oauth.factory';

/** Mastodon's bodies for the refusals every request test checks. */
export const INVALID_TOKEN = { error: 'The access token is invalid' };
export const OUTSIDE_SCOPES = { error: 'This action is outside the authorized scopes' };
export const RECORD_NOT_FOUND = { error: 'Record not found' };

/** A route as `METHOD /path`, e.g. `GET /api/v1/lists/1`. */
export type Route = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

export interface RequestHarness {
  http: TestAgent;
  dataSource: DataSource;
}

function send(http: TestAgent, route: Route): Test {
  const space = route.indexOf(' ');
  const method = route.slice(0, space).toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](route.slice(space + 1));
}

/** Awaits `test` expecting `status` and `body`, naming `route` when it answers otherwise. */
async function expectAnswer(route: Route, test: Test, status: number, body: object): Promise<void> {
  const res = await test;
  if (res.status !== status || !isDeepStrictEqual(res.body, body)) {
    throw new Error(
      `${route}: expected ${status} ${JSON.stringify(body)}, got ${res.status} ${JSON.stringify(res.body)}`,
    );
  }
}

/**
 * Shared request examples (RSpec's shared examples) for routes that need a token: each route
 * answers 401 without a token and 403 to a user token holding only `wrongScopes`, with
 * Mastodon's bodies. The guard refuses before a route runs, so paths may carry any id and no
 * body is needed. `harness` is called when the example runs (after `beforeAll` started the api).
 */
export function itRequiresScopes(
  harness: () => RequestHarness,
  wrongScopes: string,
  routes: Route[],
): void {
  it(`answers 401 without a token and 403 to a "${wrongScopes}" token`, async () => {
    await expectScopeRefusals(harness(), wrongScopes, routes);
  });
}

/** The checks of `itRequiresScopes`, inside a test of one's own. */
export async function expectScopeRefusals(
  { http, dataSource }: RequestHarness,
  wrongScopes: string,
  routes: Route[],
): Promise<void> {
  const wrong = await authWithScopes(dataSource, await createLocalAccount(dataSource), wrongScopes);
  for (const route of routes) {
    await expectAnswer(route, send(http, route), 401, INVALID_TOKEN);
    await expectAnswer(route, send(http, route).set('Authorization', wrong), 403, OUTSIDE_SCOPES);
  }
}

/**
 * Each route answers 404 `Record not found` to `auth`, as for a record that does not exist:
 * what a viewer may not see must not be told apart from what is not there.
 */
export async function expectNotFound(
  { http }: Pick<RequestHarness, 'http'>,
  auth: string | null,
  routes: Route[],
): Promise<void> {
  for (const route of routes) {
    const test = send(http, route);
    await expectAnswer(route, auth ? test.set('Authorization', auth) : test, 404, RECORD_NOT_FOUND);
  }
}
