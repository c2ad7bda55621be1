import { Provider } from '@nestjs/common';
import { AccessTokenQueries } from './access-token-queries';
import { AuthenticateUserService } from './authenticate-user.service';
import { CreateApplicationService } from './create-application.service';
import { RevokeAuthorizedApplicationService } from './revoke-authorized-application.service';
import { RevokeTokenService } from './revoke-token.service';
import { SessionUserQueries } from './session-user-queries';

/** The oauth feature's providers, registered by CoreModule. */
export const OAUTH_PROVIDERS: Provider[] = [
  CreateApplicationService,
  RevokeTokenService,
  AuthenticateUserService,
  SessionUserQueries,
  AccessTokenQueries,
  RevokeAuthorizedApplicationService,
];
