import { Controller, Get } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { InstanceQueries } from '@nestodon/core';
import { serializeRule } from '@nestodon/serializers';

@Controller('api/v1/instance/rules')
export class InstanceRulesController {
  constructor(private readonly instance: InstanceQueries) {}

  @Get()
  @Public()
  async index() {
    return (await this.instance.getRules()).map(serializeRule);
  }
}
