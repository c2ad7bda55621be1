import { Controller, Get, HttpException, Inject } from '@nestjs/common';
import { ALL_SCOPES } from '@nestodon/access';
import { AllowAppToken, AnyUserState, AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { serializeApplication } from '@nestodon/serializers';

/**
 * GET /api/v1/apps/verify_credentials: the app of the bearer token, without secrets. Any valid
 * token works, app token or user token, whatever its scopes (Mastodon 4.3+) and whatever the
 * state of its user: Mastodon checks only the token here, so a disabled user's app still works.
 */
@Controller('api/v1/apps/verify_credentials')
export class AppsVerifyCredentialsController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Scopes(...ALL_SCOPES)
  @AllowAppToken()
  @AnyUserState()
  show(@CurrentAuth() auth: AuthContext | undefined) {
    if (!auth?.application) {
      throw new HttpException({ error: 'The access token is invalid' }, 401);
    }
    return serializeApplication(auth.application, this.config.push.vapid?.publicKey);
  }
}
