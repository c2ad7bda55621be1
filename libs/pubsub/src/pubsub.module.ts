import { Global, Module } from '@nestjs/common';
import { PublisherService } from './publisher.service';
import { SubscriberService } from './subscriber.service';

@Global()
@Module({
  providers: [PublisherService, SubscriberService],
  exports: [PublisherService, SubscriberService],
})
export class PubSubModule {}
