import { Controller, Delete } from '@nestjs/common';
import { AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { DeleteProfileImageService } from '@nestodon/core';
import { AccountPresenter, CredentialAccountJson } from '@nestodon/serializers';

/** DELETE /api/v1/profile/header: back to the default header image; returns the CredentialAccount. */
@Controller('api/v1/profile/header')
export class ProfileHeaderController {
  constructor(
    private readonly deleteImage: DeleteProfileImageService,
    private readonly presenter: AccountPresenter,
  ) {}

  @Delete()
  @Scopes('write:accounts')
  async destroy(@CurrentAuth() auth: AuthContext): Promise<CredentialAccountJson> {
    const user = auth.user!;
    const account = await this.deleteImage.call(user.account, 'header');
    return this.presenter.presentCredential(account, user);
  }
}
