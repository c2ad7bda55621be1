import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { AuthContext, RequestWithAuth } from './auth-context';

export const SCOPES_KEY = 'nestodon:scopes';
export const PUBLIC_KEY = 'nestodon:public';
export const SCOPES_IF_TOKEN_KEY = 'nestodon:scopes-if-token';
export const ALLOW_APP_TOKEN_KEY = 'nestodon:allow-app-token';
export const ALLOW_UNCONFIRMED_KEY = 'nestodon:allow-unconfirmed';
export const ANY_USER_STATE_KEY = 'nestodon:any-user-state';
export const PERMISSIONS_KEY = 'nestodon:permissions';
export const OPEN_IN_LIMITED_FEDERATION_KEY = 'nestodon:open-in-limited-federation';

/**
 * The route needs a token holding any of these scopes (parents count: `read` covers
 * `read:accounts`). A user token is required unless `@AllowAppToken()` is also present.
 * Every route declares this or `@Public()`; a route with neither stops the app at boot.
 */
export const Scopes = (...scopes: string[]) => SetMetadata(SCOPES_KEY, scopes);

/**
 * Anyone may call the route. A valid token still names the viewer (a user who may use the API,
 * or an app); any other token is ignored.
 */
export const Public = () => SetMetadata(PUBLIC_KEY, true);

/**
 * A public route that still checks a token when one is sent (Mastodon's
 * `authorize_if_got_token!`): an invalid or revoked token is 401, one lacking these scopes 403.
 */
export const ScopesIfToken = (...scopes: string[]) =>
  applyDecorators(Public(), SetMetadata(SCOPES_IF_TOKEN_KEY, scopes));

/**
 * A public API route anonymous callers may still use in limited federation mode, where the
 * rest of the API needs a signed-in user: Mastodon's controllers that always skip
 * `require_authenticated_user!` (app registration, custom emojis, oEmbed).
 */
export const OpenInLimitedFederation = () => SetMetadata(OPEN_IN_LIMITED_FEDERATION_KEY, true);

/** App tokens (client_credentials) are accepted too. */
export const AllowAppToken = () => SetMetadata(ALLOW_APP_TOKEN_KEY, true);

/** Unconfirmed and unapproved users may call this route (e-mail confirmation resend). */
export const AllowUnconfirmed = () => SetMetadata(ALLOW_UNCONFIRMED_KEY, true);

/**
 * Users in any state may call this route, disabled, suspended and memorial included: Mastodon's
 * controllers that never call `require_user!` (the app's own credentials).
 */
export const AnyUserState = () => SetMetadata(ANY_USER_STATE_KEY, true);

/** The user's role must grant any of these permissions (admin endpoints). */
export const RequirePermission = (...permissions: bigint[]) =>
  SetMetadata(PERMISSIONS_KEY, permissions);

/** The caller's AuthContext, or undefined for anonymous requests. */
export const CurrentAuth = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthContext | undefined =>
    context.switchToHttp().getRequest<RequestWithAuth>().auth,
);

/** The signed-in user's account; only on routes that require a user. */
export const CurrentAccount = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    context.switchToHttp().getRequest<RequestWithAuth>().auth?.user?.account,
);
