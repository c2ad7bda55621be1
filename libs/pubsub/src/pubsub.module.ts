import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import { PubSubRepository } from '@nestodon/domain';
import { RedisService } from '@nestodon/platform';
import { PostgresPubSubTransport } from './postgres-pubsub-transport';
import { PublisherService } from './publisher.service';
import { PubSubTransport } from './pubsub-transport';
import { RedisPubSubTransport } from './redis-pubsub-transport';
import { SubscriberService } from './subscriber.service';

@Global()
@Module({
  providers: [
    {
      provide: PubSubTransport,
      // Optional: a process without Redis need not provide RedisService.
      inject: [APP_CONFIG, PubSubRepository, { token: RedisService, optional: true }],
      useFactory: (
        config: AppConfig,
        store: PubSubRepository,
        redis: RedisService | undefined,
      ): PubSubTransport =>
        config.redis.enabled
          ? new RedisPubSubTransport(redis!)
          : new PostgresPubSubTransport(config, store),
    },
    PublisherService,
    SubscriberService,
  ],
  exports: [PubSubTransport, PublisherService, SubscriberService],
})
export class PubSubModule {}
