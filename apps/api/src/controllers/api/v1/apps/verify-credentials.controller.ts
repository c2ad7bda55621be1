import { Controller, Get, HttpException } from '@nestjs/common';
import { ALL_SCOPES } from '@nestodon/access';
import { AllowAppToken, AllowUnconfirmed, AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { serializeApplication } from '@nestodon/serializers';

/**
 * GET /api/v1/apps/verify_credentials: the app of the bearer token, without secrets. Any valid
 * token works, app token or user token, whatever its scopes (Mastodon 4.3+); a disabled user's
 * token is refused like everywhere else.
 */
@Controller('api/v1/apps/verify_credentials')
export class AppsVerifyCredentialsController {
  @Get()
  @Scopes(...ALL_SCOPES)
  @AllowAppToken()
  @AllowUnconfirmed()
  show(@CurrentAuth() auth: AuthContext | undefined) {
    if (!auth?.application) {
      throw new HttpException({ error: 'The access token is invalid' }, 401);
    }
    return serializeApplication(auth.application);
  }
}
