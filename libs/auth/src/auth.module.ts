import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AuthGuard } from './auth.guard';
import { TokenAuthenticator } from './token-authenticator.service';

/** Token authentication for HTTP apps; registers the guard globally. */
@Global()
@Module({
  providers: [TokenAuthenticator, { provide: APP_GUARD, useClass: AuthGuard }],
  exports: [TokenAuthenticator],
})
export class AuthModule {}
