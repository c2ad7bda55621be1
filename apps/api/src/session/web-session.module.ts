import { MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { AuthorizeController } from '../controllers/oauth/authorize.controller';
import { AuthorizedApplicationsController } from '../controllers/oauth/authorized-applications.controller';
import { SignInController } from '../controllers/auth/sign-in.controller';
import { WebAuthenticator } from './web-authenticator.service';
import { WebSessionMiddleware } from './web-session.middleware';

/**
 * Sessions only where pages need them: sign-in, the OAuth authorization pages and the list of
 * authorized applications.
 */
@Module({ providers: [WebAuthenticator, WebSessionMiddleware], exports: [WebAuthenticator] })
export class WebSessionModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(WebSessionMiddleware)
      .forRoutes(AuthorizeController, SignInController, AuthorizedApplicationsController);
  }
}
