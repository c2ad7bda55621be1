import { Provider } from '@nestjs/common';
import { CreateUserTokenService } from './create-user-token.service';
import { IssueAccessTokenService } from './issue-access-token.service';

/** The tokens feature's providers, registered by CoreModule. */
export const TOKENS_PROVIDERS: Provider[] = [IssueAccessTokenService, CreateUserTokenService];
