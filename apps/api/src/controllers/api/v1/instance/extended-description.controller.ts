import { Controller, Get, Inject } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';

// Configuration is read at boot, so the process start time is when the text last changed.
const LOADED_AT = new Date().toISOString();

/** GET /api/v1/instance/extended_description: `updated_at` null and empty content when unset. */
@Controller('api/v1/instance/extended_description')
export class InstanceExtendedDescriptionController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @Public()
  show(): { updated_at: string | null; content: string } {
    const content = this.config.instance.extendedDescription;
    return { updated_at: content === '' ? null : LOADED_AT, content };
  }
}
