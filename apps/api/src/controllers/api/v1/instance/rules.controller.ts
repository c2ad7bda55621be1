import { Controller, Get } from '@nestjs/common';
import { InstanceInfoService } from '@nestodon/core';
import { serializeRule } from '@nestodon/serializers';

@Controller('api/v1/instance/rules')
export class InstanceRulesController {
  constructor(private readonly instance: InstanceInfoService) {}

  @Get()
  async index() {
    return (await this.instance.getRules()).map(serializeRule);
  }
}
