import { createAccessToken, createAccountWithToken } from '@nestodon/testing';
import { AccountWithToken } from '@nestodon/testing';
import { DataSource } from 'typeorm';

export type Actor = AccountWithToken;

/** A local account with a confirmed user and a token of all scopes (or those given). */
export const actor = createAccountWithToken;

/** Another token of the same user with other scopes, as an Authorization header value. */
export async function authWith(dataSource: DataSource, who: Actor, scopes: string) {
  return `Bearer ${await createAccessToken(dataSource, { user: who.user, scopes })}`;
}
