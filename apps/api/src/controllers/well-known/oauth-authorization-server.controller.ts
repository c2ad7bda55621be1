import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ALL_SCOPES } from '@nestodon/access';
import { GRANT_TYPES, Public, RESPONSE_MODES, SUPPORTED_CHALLENGE_METHODS } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import type { Response } from 'express';

/** GET /.well-known/oauth-authorization-server: RFC 8414 metadata as Mastodon publishes it. */
@Controller('.well-known/oauth-authorization-server')
export class OAuthAuthorizationServerController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Public()
  show(@Res({ passthrough: true }) res: Response) {
    const url = (path: string) => new URL(path, this.config.instance.baseUrl).toString();
    res.setHeader('Cache-Control', 'public, max-age=900');
    return {
      issuer: url('/'),
      service_documentation: 'https://docs.joinmastodon.org/',
      authorization_endpoint: url('/oauth/authorize'),
      token_endpoint: url('/oauth/token'),
      // Mastodon's own registration API (not RFC 7591), under a non-standard key.
      app_registration_endpoint: url('/api/v1/apps'),
      revocation_endpoint: url('/oauth/revoke'),
      userinfo_endpoint: url('/oauth/userinfo'),
      scopes_supported: [...ALL_SCOPES],
      response_types_supported: ['code'],
      response_modes_supported: [...RESPONSE_MODES],
      code_challenge_methods_supported: [...SUPPORTED_CHALLENGE_METHODS],
      grant_types_supported: [...GRANT_TYPES],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    };
  }
}
