import { Controller, Get } from '@nestjs/common';
import { InstanceInfoService } from '@nestodon/core';

@Controller('api/v1/instance/peers')
export class InstancePeersController {
  constructor(private readonly instance: InstanceInfoService) {}

  @Get()
  index(): Promise<string[]> {
    return this.instance.getPeers();
  }
}
