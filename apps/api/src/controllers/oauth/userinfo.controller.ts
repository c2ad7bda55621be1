import { Controller, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { AuthContext, CurrentAuth, Scopes } from '@nestodon/auth';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { AccountPresenter } from '@nestodon/serializers';

export interface UserinfoJson {
  iss: string;
  /** The account's ActivityPub actor URI. */
  sub: string;
  name: string;
  preferred_username: string;
  /** The profile page. */
  profile: string;
  picture: string;
}

/**
 * GET and POST /oauth/userinfo (OpenID Connect style claims, Mastodon 4.4+): who the token's
 * user is, for apps that only asked for the `profile` scope.
 */
@Controller('oauth/userinfo')
export class UserinfoController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly presenter: AccountPresenter,
  ) {}

  @Get()
  @Scopes('profile')
  show(@CurrentAuth() auth: AuthContext): Promise<UserinfoJson> {
    return this.claims(auth);
  }

  @Post()
  @HttpCode(200)
  @Scopes('profile')
  create(@CurrentAuth() auth: AuthContext): Promise<UserinfoJson> {
    return this.claims(auth);
  }

  private async claims(auth: AuthContext): Promise<UserinfoJson> {
    const account = await this.presenter.present(auth.user!.account);
    return {
      iss: new URL('/', this.config.instance.baseUrl).toString(),
      sub: account.uri,
      name: account.display_name || account.username,
      preferred_username: account.username,
      profile: account.url,
      picture: account.avatar,
    };
  }
}
