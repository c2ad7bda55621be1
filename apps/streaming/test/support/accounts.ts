import { AccountWithToken, authWithScopes, createAccountWithToken } from '@nestodon/testing';

export type Actor = AccountWithToken;

/** A local account with a confirmed user and a token of all scopes (or those given). */
export const actor = createAccountWithToken;

/** Another token of the same user with other scopes, as an Authorization header value. */
export const authWith = authWithScopes;
