import { Controller, Get } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { InstanceQueries } from '@nestodon/core';

@Controller('api/v1/instance/peers')
export class InstancePeersController {
  constructor(private readonly instance: InstanceQueries) {}

  @Get()
  @Public()
  index(): Promise<string[]> {
    return this.instance.getPeers();
  }
}
