import { Provider } from '@nestjs/common';
import { AccountQueries } from './account-queries';
import { ApproveAccountsService } from './approve-accounts.service';
import { ConfirmEmailService } from './confirm-email.service';
import { CreateLocalAccountService } from './create-local-account.service';
import { DeleteAccountService } from './delete-account.service';
import { DeleteProfileImageService } from './delete-profile-image.service';
import { LocalAccountQueries } from './local-account-queries';
import { ModifyUserService } from './modify-user.service';
import { PasswordHasher } from './password-hasher';
import { ProfileTextRenderer } from './profile-text-renderer';
import { ProvisionAccountService } from './provision-account.service';
import { RegisterAccountService } from './register-account.service';
import { ResendConfirmationService } from './resend-confirmation.service';
import { SendConfirmationEmailService } from './send-confirmation-email.service';
import { UpdateCredentialsService } from './update-credentials.service';

/** The accounts feature's providers, registered by CoreModule. */
export const ACCOUNTS_PROVIDERS: Provider[] = [
  PasswordHasher,
  ProfileTextRenderer,
  AccountQueries,
  UpdateCredentialsService,
  DeleteProfileImageService,
  CreateLocalAccountService,
  RegisterAccountService,
  SendConfirmationEmailService,
  ConfirmEmailService,
  ResendConfirmationService,
  ProvisionAccountService,
  ModifyUserService,
  LocalAccountQueries,
  ApproveAccountsService,
  DeleteAccountService,
];
