import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { FederationModule } from '@nestodon/activitypub/federation';
import { FederationMiddleware } from './federation.middleware';

/** ActivityPub over the api's HTTP server: Fedify sees every request first. */
@Module({ imports: [FederationModule], providers: [FederationMiddleware] })
export class FederationHttpModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(FederationMiddleware).forRoutes({ path: '*path', method: RequestMethod.ALL });
  }
}
