import { Controller, Get, HttpException } from '@nestjs/common';
import { AuthContext, CurrentAuth } from '@nestodon/auth';
import { serializeApplication } from '@nestodon/serializers';

/**
 * GET /api/v1/apps/verify_credentials: the app of the bearer token, without secrets. Any valid
 * token works, app token or user token, whatever its scopes (Mastodon 4.3+).
 */
@Controller('api/v1/apps/verify_credentials')
export class AppsVerifyCredentialsController {
  @Get()
  show(@CurrentAuth() auth: AuthContext | undefined) {
    if (!auth?.application) {
      throw new HttpException({ error: 'The access token is invalid' }, 401);
    }
    return serializeApplication(auth.application);
  }
}
