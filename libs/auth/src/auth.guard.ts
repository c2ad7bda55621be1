import {
  CanActivate,
  ExecutionContext,
  HttpException,
  Inject,
  Injectable,
  Type,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { hasPermission, NotPermittedError, userState, ValidationError } from '@nestodon/domain';
import type { Request } from 'express';
import { AuthContext, RequestWithAuth } from './auth-context';
import { routeAccess, routeAccessProblem } from './route-access';
import { bearerToken, TokenAuthenticator } from './token-authenticator.service';

const STATE_ERRORS = {
  unconfirmed: 'Your login is missing a confirmed e-mail address',
  pending: 'Your login is currently pending approval',
  disabled: 'Your login is currently disabled',
} as const;

/** Why a user may not use the API now (Mastodon's order of checks), or null when they may. */
export function userRefusal(
  user: NonNullable<AuthContext['user']>,
): keyof typeof STATE_ERRORS | null {
  const state = userState(user);
  if (state === 'disabled' || user.account.suspendedAt !== null || user.account.memorial) {
    return 'disabled';
  }
  return state === 'functional' ? null : state;
}

const invalidToken = () => new HttpException({ error: 'The access token is invalid' }, 401);
const userRequired = () =>
  new HttpException({ error: 'This method requires an authenticated user' }, 401);
const outsideScopes = () =>
  new HttpException({ error: 'This action is outside the authorized scopes' }, 403);

/**
 * Global guard, failing closed: a route declares `@Scopes(…)` (token, scope, user state and
 * permissions enforced with Mastodon's statuses and messages) or `@Public()`; one with neither
 * is refused (the app also refuses to boot with it). On public routes a token names the viewer
 * only while it is valid and its user may use the API; other tokens count as none, except on
 * `@ScopesIfToken` routes, which refuse invalid tokens as Mastodon's `authorize_if_got_token!`.
 * In limited federation mode public API routes need a signed-in user, as Mastodon's
 * `disallow_unauthenticated_api_access?`, except those `@OpenInLimitedFederation()`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: TokenAuthenticator,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request & RequestWithAuth>();
    const controller = context.getClass<Type>();
    const handler = context.getHandler() as (...args: unknown[]) => unknown;
    const access = routeAccess(this.reflector, handler, controller);
    if (access.kind !== 'scoped' && access.kind !== 'public') {
      throw new Error(`${controller.name}.${handler.name} ${routeAccessProblem(access)}`);
    }
    const token = bearerToken(request.headers.authorization);
    const auth = await this.authenticator.authenticateRequest(request);

    if (access.kind === 'public') {
      if (token && access.scopesIfToken) {
        if (!auth) throw invalidToken();
        if (!access.scopesIfToken.some((scope) => auth.scopes.has(scope))) throw outsideScopes();
      }
      if (auth && (!auth.user || userRefusal(auth.user) === null)) request.auth = auth;
      if (this.closedToAnonymous(request, access.openInLimitedFederation) && !request.auth?.user) {
        throw userRequired();
      }
      return true;
    }

    if (!auth) throw invalidToken();
    if (!access.scopes.some((scope) => auth.scopes.has(scope))) throw outsideScopes();
    request.auth = auth;
    if (!auth.user) {
      if (access.allowAppToken) return true;
      throw new ValidationError('This method requires an authenticated user');
    }
    const refusal = access.anyUserState ? null : userRefusal(auth.user);
    if (refusal === 'disabled' || (refusal && !access.allowUnconfirmed)) {
      throw new HttpException({ error: STATE_ERRORS[refusal] }, 403);
    }
    const { permissions } = access;
    if (permissions && !hasPermission(auth.user.role?.permissions ?? '0', ...permissions)) {
      throw new NotPermittedError();
    }
    return true;
  }

  private closedToAnonymous(request: Request, openInLimitedFederation: boolean): boolean {
    return (
      this.config.federation.limitedFederationMode &&
      !openInLimitedFederation &&
      request.path.startsWith('/api/')
    );
  }
}
