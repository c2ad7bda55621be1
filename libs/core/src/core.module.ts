import { Global, Module } from '@nestjs/common';
import { AccountStatsRepository, InstanceStatsRepository } from '@nestodon/domain';
import { ConfirmEmailService } from './accounts/confirm-email.service';
import { CreateLocalAccountService } from './accounts/create-local-account.service';
import { ModifyUserService } from './accounts/modify-user.service';
import { PasswordHasher } from './accounts/password-hasher';
import { ProvisionAccountService } from './accounts/provision-account.service';
import { RegisterAccountService } from './accounts/register-account.service';
import { ResendConfirmationService } from './accounts/resend-confirmation.service';
import { SendConfirmationEmailService } from './accounts/send-confirmation-email.service';
import { ActivityTracker } from './instance/activity-tracker';
import { InstanceInfoService } from './instance/instance-info.service';
import { DeleteProfileImageService } from './accounts/delete-profile-image.service';
import { FetchAccountsService } from './accounts/fetch-accounts.service';
import { ProfileTextRenderer } from './accounts/profile-text-renderer';
import { UpdateCredentialsService } from './accounts/update-credentials.service';
import { LocalMediaStorage, MediaStorage } from './media/media-storage';
import { ProfileImageProcessor } from './media/profile-image-processor';
import { Mailer } from './mail/mailer';
import { AssignRoleService } from './roles/assign-role.service';
import { CreateUserTokenService } from './tokens/create-user-token.service';

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
  Mailer,
  CreateLocalAccountService,
  RegisterAccountService,
  SendConfirmationEmailService,
  ConfirmEmailService,
  ResendConfirmationService,
  AssignRoleService,
  ProvisionAccountService,
  ModifyUserService,
  CreateUserTokenService,
];

/** Use cases shared by the api and the worker. */
@Global()
@Module({ providers: SERVICES, exports: SERVICES })
export class CoreModule {}
