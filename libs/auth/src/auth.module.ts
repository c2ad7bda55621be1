import { Global, Module } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { ApiThrottle } from './api-throttle';
import { AuthCache } from './auth-cache';
import { AuthGuard } from './auth.guard';
import { RouteDeclarationCheck } from './route-access';
import { TokenAuthenticator } from './token-authenticator.service';

/**
 * Token authentication for HTTP apps: registers the guard globally and refuses to start when a
 * route declares neither `@Scopes(…)` nor `@Public()`.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    AuthCache,
    TokenAuthenticator,
    ApiThrottle,
    RouteDeclarationCheck,
    { provide: APP_GUARD, useClass: AuthGuard },
  ],
  exports: [TokenAuthenticator, ApiThrottle],
})
export class AuthModule {}
