import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { AuthContext, RequestWithAuth } from './auth-context';

export const SCOPES_KEY = 'nestodon:scopes';
export const ALLOW_APP_TOKEN_KEY = 'nestodon:allow-app-token';
export const ALLOW_UNCONFIRMED_KEY = 'nestodon:allow-unconfirmed';
export const PERMISSIONS_KEY = 'nestodon:permissions';

/**
 * The route needs a token holding any of these scopes (parents count: `read` covers
 * `read:accounts`). Without the decorator a route is public and a token only names the viewer.
 * A user token is required unless `@AllowAppToken()` is also present.
 */
export const Scopes = (...scopes: string[]) => SetMetadata(SCOPES_KEY, scopes);

/** App tokens (client_credentials) are accepted too. */
export const AllowAppToken = () => SetMetadata(ALLOW_APP_TOKEN_KEY, true);

/** Unconfirmed and unapproved users may call this route (e-mail confirmation resend). */
export const AllowUnconfirmed = () => SetMetadata(ALLOW_UNCONFIRMED_KEY, true);

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
