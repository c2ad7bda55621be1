import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { PrivacyPolicyJson, serializePrivacyPolicy } from '@nestodon/serializers';

/** GET /api/v1/instance/privacy_policy: `{updated_at, content}` (HTML). */
@Controller('api/v1/instance/privacy_policy')
export class InstancePrivacyPolicyController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Public()
  show(): PrivacyPolicyJson {
    return serializePrivacyPolicy(this.config.instance);
  }
}
