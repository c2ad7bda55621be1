import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { InstanceQueries, TermsOfServiceQueries } from '@nestodon/core';
import { serializeInstanceV2 } from '@nestodon/serializers';

@Controller('api/v2/instance')
export class InstanceV2Controller {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly instance: InstanceQueries,
    private readonly terms: TermsOfServiceQueries,
  ) {}

  @Get()
  @Public()
  async show() {
    return serializeInstanceV2({
      config: this.config.instance,
      vapidPublicKey: this.config.push.vapid?.publicKey,
      translationEnabled: this.config.translation !== null,
      hasTermsOfService: await this.terms.published(),
      limitedFederation: this.config.federation.limitedFederationMode,
      ...(await this.instance.snapshot()),
    });
  }
}
