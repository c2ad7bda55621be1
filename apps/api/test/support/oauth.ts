import { createHash, randomBytes } from 'node:crypto';
import { PasswordHasher } from '@nestodon/core';
import { Account, User, UserRole } from '@nestodon/domain';
import { createLocalAccount } from '@nestodon/testing';
import request from 'supertest';
import TestAgent from 'supertest/lib/agent';
import { DataSource, DeepPartial } from 'typeorm';
import { ApiHarness } from './api-harness';

export const OOB = 'urn:ietf:wg:oauth:2.0:oob';

/** A local account whose user signs in with `password`. */
export async function createUserWithPassword(
  dataSource: DataSource,
  password: string,
  userAttributes: DeepPartial<User> = {},
  accountAttributes: DeepPartial<Account> = {},
): Promise<{ account: Account; user: User; email: string }> {
  const { account, user } = await createLocalAccount(dataSource, accountAttributes, userAttributes);
  const encryptedPassword = await new PasswordHasher().hash(password);
  await dataSource.getRepository(User).update(user.id, { encryptedPassword });
  return { account, user, email: user.email };
}

/** Registers an app over HTTP; returns the CredentialApplication. */
export async function registerApp(
  api: ApiHarness,
  body: Record<string, unknown> = {},
): Promise<{ id: string; client_id: string; client_secret: string; redirect_uris: string[] }> {
  const res = await api.http
    .post('/api/v1/apps')
    .send({ client_name: 'Test Client', redirect_uris: OOB, scopes: 'read write', ...body })
    .expect(200);
  return res.body;
}

/** A browser-like client keeping cookies between requests. */
export function browser(api: ApiHarness): TestAgent {
  return request.agent(api.url);
}

/** The value of a hidden (or any) input named `name` in a page. */
export function field(html: string, name: string): string | undefined {
  const match = new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html);
  return match ? decodeEntities(match[1]) : undefined;
}

export function decodeEntities(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function authorizePath(params: Record<string, string>): string {
  return `/oauth/authorize?${new URLSearchParams({ response_type: 'code', ...params })}`;
}

/** Submits the sign-in form shown on an authorization (or sign-in) page. */
export function submitSignIn(agent: TestAgent, page: string, email: string, password: string) {
  const form: Record<string, string> = {
    authenticity_token: field(page, 'authenticity_token')!,
    email,
    password,
  };
  const returnTo = field(page, 'return_to');
  if (returnTo) form.return_to = returnTo;
  const lang = field(page, 'lang');
  if (lang) form.lang = lang;
  return agent.post('/auth/sign_in').type('form').send(form);
}

/** How many roles `signedInWithPermissions` made in this test file: each has its own name. */
let rolesMade = 0;

/** A browser signed in as a new user whose role has `permissions` (none: no role). */
export async function signedInWithPermissions(
  api: ApiHarness,
  permissions?: bigint,
): Promise<TestAgent> {
  const role =
    permissions === undefined
      ? null
      : await api.dataSource.getRepository(UserRole).save({
          name: `Role ${++rolesMade}`,
          permissions: String(permissions),
          position: 10 + rolesMade,
        });
  const password = 'correct horse battery staple';
  const { email } = await createUserWithPassword(api.dataSource, password, {
    roleId: role?.id ?? null,
  });
  const agent = browser(api);
  const page = await agent.get('/auth/sign_in').expect(200);
  await submitSignIn(agent, page.text, email, password).expect(200);
  return agent;
}

/**
 * Signs in through the pages and answers the consent page; returns the response to the
 * decision (a redirect, or the out-of-band page).
 */
export async function authorizeThroughPages(
  agent: TestAgent,
  params: Record<string, string>,
  credentials: { email: string; password: string },
  decision: 'approve' | 'deny' = 'approve',
) {
  const path = authorizePath(params);
  const first = await agent.get(path).expect(200);
  let consent = first.text;
  if (field(first.text, 'email') !== undefined || first.text.includes('name="password"')) {
    const signIn = await submitSignIn(agent, first.text, credentials.email, credentials.password);
    if (signIn.status !== 303) {
      throw new Error(`sign-in failed with ${signIn.status}: ${signIn.text}`);
    }
    consent = (await agent.get(signIn.headers.location).expect(200)).text;
  }
  const transactionId = field(consent, 'transaction_id');
  if (!transactionId) throw new Error(`no consent form in: ${consent}`);
  return agent
    .post('/oauth/authorize')
    .type('form')
    .send({
      authenticity_token: field(consent, 'authenticity_token')!,
      transaction_id: transactionId,
      decision,
    });
}

/** The code from a decision response: the redirect's query or the out-of-band page. */
export function codeFrom(res: { status: number; headers: Record<string, string>; text: string }) {
  if (res.status === 302) return new URL(res.headers.location).searchParams.get('code');
  return /id="authorization-code">([^<]+)</.exec(res.text)?.[1] ?? null;
}
