import { Global, Module } from '@nestjs/common';
import { AccountStatsRepository, InstanceStatsRepository } from '@nestodon/domain';
import { PasswordHasher } from './accounts/password-hasher';
import { ActivityTracker } from './instance/activity-tracker';
import { InstanceInfoService } from './instance/instance-info.service';

const SERVICES = [
  ActivityTracker,
  InstanceInfoService,
  InstanceStatsRepository,
  AccountStatsRepository,
  PasswordHasher,
];

/** Use cases shared by the api and the worker. */
@Global()
@Module({ providers: SERVICES, exports: SERVICES })
export class CoreModule {}
