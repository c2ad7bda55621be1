import { Controller, Get } from '@nestjs/common';
import { Public } from '@nestodon/auth';
import { ActivityTracker, WeeklyActivity } from '@nestodon/core';

@Controller('api/v1/instance/activity')
export class InstanceActivityController {
  constructor(private readonly activity: ActivityTracker) {}

  @Get()
  @Public()
  index(): Promise<WeeklyActivity[]> {
    return this.activity.lastWeeks(12);
  }
}
