import { DynamicModule, Module, Type } from '@nestjs/common';
import { AccessTokenService } from './access-token.service';
import { AuthorizationCodeService } from './authorization-code.service';
import { ClientAuthenticator } from './client-authenticator.service';
import { OAUTH_PRESENTATION, OAuthPresentation, OAuthServer } from './oauth-server.service';

const PROVIDERS = [OAuthServer, AccessTokenService, AuthorizationCodeService, ClientAuthenticator];

/** The OAuth authorization server, for the app serving /oauth/* (the api). */
@Module({})
export class OAuthModule {
  static forRoot(presentation: Type<OAuthPresentation>): DynamicModule {
    return {
      module: OAuthModule,
      providers: [...PROVIDERS, { provide: OAUTH_PRESENTATION, useClass: presentation }],
      exports: PROVIDERS,
    };
  }
}
