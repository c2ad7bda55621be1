import { Controller, Get, Inject } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { InstanceInfoService } from '@nestodon/core';
import { serializeInstanceV2 } from '@nestodon/serializers';

@Controller('api/v2/instance')
export class InstanceV2Controller {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly instance: InstanceInfoService,
  ) {}

  @Get()
  async show() {
    const [counts, rules] = await Promise.all([
      this.instance.getCounts(),
      this.instance.getRules(),
    ]);
    return serializeInstanceV2({
      config: this.config.instance,
      counts,
      rules,
      contactAccount: null,
    });
  }
}
