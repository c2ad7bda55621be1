import { Controller, Get, Inject } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';

// Configuration is read at boot, so the process start time is when the text last changed.
const LOADED_AT = new Date().toISOString();

@Controller('api/v1/instance/extended_description')
export class InstanceExtendedDescriptionController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  show() {
    return { updated_at: LOADED_AT, content: this.config.instance.extendedDescription };
  }
}
