import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { InstanceQueries } from '@nestodon/core';
import { serializeInstanceV1 } from '@nestodon/serializers';

@Controller('api/v1/instance')
export class InstanceController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly instance: InstanceQueries,
  ) {}

  @Get()
  @Public()
  async show() {
    return serializeInstanceV1({
      config: this.config.instance,
      ...(await this.instance.snapshot()),
    });
  }
}
