import { CanActivate, ExecutionContext, HttpException, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { hasPermission, NotPermittedError, userState, ValidationError } from '@nestodon/domain';
import type { Request } from 'express';
import { AuthContext, RequestWithAuth } from './auth-context';
import {
  ALLOW_APP_TOKEN_KEY,
  ALLOW_UNCONFIRMED_KEY,
  PERMISSIONS_KEY,
  SCOPES_KEY,
} from './decorators';
import { bearerToken, TokenAuthenticator } from './token-authenticator.service';

const STATE_ERRORS = {
  unconfirmed: 'Your login is missing a confirmed e-mail address',
  pending: 'Your login is currently pending approval',
  disabled: 'Your login is currently disabled',
} as const;

/**
 * Global guard: resolves the bearer token, then enforces the route's declared scopes, user and
 * permission requirements with Mastodon's statuses and messages.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: TokenAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request & RequestWithAuth>();
    const targets = [context.getHandler(), context.getClass()];
    const scopes = this.reflector.getAllAndOverride<string[] | undefined>(SCOPES_KEY, targets);
    const token = bearerToken(request.headers.authorization);
    const auth = token ? await this.authenticator.authenticate(token, request.ip) : null;
    if (auth) request.auth = auth;
    if (!scopes) return true;

    if (!auth) throw new HttpException({ error: 'The access token is invalid' }, 401);
    if (!scopes.some((scope) => auth.scopes.has(scope))) {
      throw new HttpException({ error: 'This action is outside the authorized scopes' }, 403);
    }
    if (!auth.user) {
      if (this.reflector.getAllAndOverride<boolean>(ALLOW_APP_TOKEN_KEY, targets)) return true;
      throw new ValidationError('This method requires an authenticated user');
    }
    this.checkUserState(
      auth,
      this.reflector.getAllAndOverride<boolean>(ALLOW_UNCONFIRMED_KEY, targets),
    );
    const permissions = this.reflector.getAllAndOverride<bigint[] | undefined>(
      PERMISSIONS_KEY,
      targets,
    );
    if (permissions && !hasPermission(auth.user.role?.permissions ?? '0', ...permissions)) {
      throw new NotPermittedError();
    }
    return true;
  }

  private checkUserState(auth: AuthContext, allowUnconfirmed: boolean): void {
    const user = auth.user!;
    const state = userState(user);
    const suspended = user.account.suspendedAt !== null || user.account.memorial;
    if (state === 'disabled' || suspended)
      throw new HttpException({ error: STATE_ERRORS.disabled }, 403);
    if (state !== 'functional' && !allowUnconfirmed)
      throw new HttpException({ error: STATE_ERRORS[state] }, 403);
  }
}
