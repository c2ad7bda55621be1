import { Controller, Get } from '@nestjs/common';
import { AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { AccountPresenter, CredentialAccountJson } from '@nestodon/serializers';

/** GET /api/v1/accounts/verify_credentials: the signed-in user's account with source and role. */
@Controller('api/v1/accounts/verify_credentials')
export class VerifyCredentialsController {
  constructor(private readonly presenter: AccountPresenter) {}

  @Get()
  @Scopes('profile', 'read:accounts')
  show(@CurrentAuth() auth: AuthContext): Promise<CredentialAccountJson> {
    const user = auth.user!;
    return this.presenter.presentCredential(user.account, user);
  }
}
