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
    return serializeInstanceV2({
      config: this.config.instance,
      ...(await this.instance.snapshot()),
    });
  }
}
