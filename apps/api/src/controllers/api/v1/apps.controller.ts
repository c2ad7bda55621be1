import { Body, Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { OpenInLimitedFederation, Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { CreateApplicationService } from '@nestodon/core';
import { serializeCredentialApplication } from '@nestodon/serializers';

/**
 * POST /api/v1/apps: registers an OAuth client. Public; form or JSON. `redirect_uris` is a
 * string (one URI per line) or a list; `scopes` space-separated, `read` by default.
 */
@Controller('api/v1/apps')
export class AppsController {
  constructor(
    private readonly createApplication: CreateApplicationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post()
  @Public()
  @OpenInLimitedFederation()
  @HttpCode(200)
  async create(@Body() body: Record<string, unknown>) {
    const { application, clientSecret } = await this.createApplication.call({
      name: body.client_name,
      redirectUris: body.redirect_uris,
      scopes: body.scopes,
      website: body.website,
    });
    return serializeCredentialApplication(
      application,
      clientSecret,
      this.config.push.vapid?.publicKey,
    );
  }
}
