import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  HttpException,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { RequestWithAuth } from './auth-context';
import { bearerToken } from './token-authenticator.service';

export const SCOPES_IF_TOKEN_KEY = 'nestodon:scopes-if-token';

/** Runs after the global AuthGuard has resolved the token (controller guards run later). */
@Injectable()
export class ScopesIfTokenGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request & RequestWithAuth>();
    const scopes = this.reflector.getAllAndOverride<string[] | undefined>(SCOPES_IF_TOKEN_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!scopes || !bearerToken(request.headers.authorization)) return true;
    if (!request.auth) throw new HttpException({ error: 'The access token is invalid' }, 401);
    if (!scopes.some((scope) => request.auth!.scopes.has(scope))) {
      throw new HttpException({ error: 'This action is outside the authorized scopes' }, 403);
    }
    return true;
  }
}

/**
 * A public route that still checks a token when one is sent (Mastodon's
 * `authorize_if_got_token!`): an invalid token is 401, one lacking these scopes 403.
 */
export const ScopesIfToken = (...scopes: string[]) =>
  applyDecorators(SetMetadata(SCOPES_IF_TOKEN_KEY, scopes), UseGuards(ScopesIfTokenGuard));
