import { Global, Module } from '@nestjs/common';
import { AccountStatsRepository, InstanceStatsRepository } from '@nestodon/domain';
import { PasswordHasher } from './accounts/password-hasher';
import { ActivityTracker } from './instance/activity-tracker';
import { InstanceInfoService } from './instance/instance-info.service';
import { DeleteProfileImageService } from './accounts/delete-profile-image.service';
import { FetchAccountsService } from './accounts/fetch-accounts.service';
import { ProfileTextRenderer } from './accounts/profile-text-renderer';
import { UpdateCredentialsService } from './accounts/update-credentials.service';
import { LocalMediaStorage, MediaStorage } from './media/media-storage';
import { ProfileImageProcessor } from './media/profile-image-processor';

const SERVICES = [
  ActivityTracker,
  InstanceInfoService,
  InstanceStatsRepository,
  AccountStatsRepository,
  PasswordHasher,
  { provide: MediaStorage, useClass: LocalMediaStorage },
  ProfileImageProcessor,
  ProfileTextRenderer,
  UpdateCredentialsService,
  DeleteProfileImageService,
  FetchAccountsService,
];

/** Use cases shared by the api and the worker. */
@Global()
@Module({ providers: SERVICES, exports: SERVICES })
export class CoreModule {}
