import { Global, Module } from '@nestjs/common';
import { InstanceStatsRepository } from '@nestodon/domain';
import { ActivityTracker } from './instance/activity-tracker';
import { InstanceInfoService } from './instance/instance-info.service';

const SERVICES = [ActivityTracker, InstanceInfoService, InstanceStatsRepository];

/** Use cases shared by the api and the worker. */
@Global()
@Module({ providers: SERVICES, exports: SERVICES })
export class CoreModule {}
