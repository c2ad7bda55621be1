import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from '@nestodon/auth/auth.module';
import { AppConfig, ConfigModule } from '@nestodon/config';
import {
  DatabaseModule,
  HealthService,
  loggerParams,
  MetricsModule,
  RedisModule,
} from '@nestodon/platform';
import { PubSubModule } from '@nestodon/pubsub';
import { LoggerModule } from 'nestjs-pino';
import { StreamAuthenticator } from './auth/stream-authenticator';
import { DeliveryPipeline } from './delivery/delivery-pipeline.service';
import { StreamHub } from './delivery/stream-hub.service';
import {
  DEFAULT_STREAMING_OPTIONS,
  STREAMING_OPTIONS,
  StreamingOptions,
} from './delivery/streaming-options';
import { SubscriberFacts } from './delivery/subscriber-facts.service';
import { StreamingHealthController } from './health.controller';
import { DirectEventStreamController } from './sse/direct-stream.controller';
import { EventStreams } from './sse/event-streams.service';
import { HashtagEventStreamController } from './sse/hashtag-stream.controller';
import { ListEventStreamController } from './sse/list-stream.controller';
import { PublicEventStreamController } from './sse/public-stream.controller';
import { UnknownEventStreamController } from './sse/unknown-stream.controller';
import { UserEventStreamController } from './sse/user-stream.controller';
import { STREAM_KINDS, StreamResolver } from './streams/stream-resolver.service';
import { StreamingGateway } from './websocket/streaming.gateway';
import { StreamingProbesController } from './probes.controller';

@Module({})
export class StreamingModule {
  static forRoot(config: AppConfig, options: Partial<StreamingOptions> = {}): DynamicModule {
    return {
      module: StreamingModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(loggerParams(config, 'streaming')),
        DatabaseModule,
        RedisModule,
        MetricsModule.forRoot('streaming'),
        PubSubModule,
        AuthModule,
      ],
      controllers: [
        StreamingHealthController,
        StreamingProbesController,
        UserEventStreamController,
        PublicEventStreamController,
        HashtagEventStreamController,
        ListEventStreamController,
        DirectEventStreamController,
        // Last: it answers every other path under /api/v1/streaming.
        UnknownEventStreamController,
      ],
      providers: [
        HealthService,
        { provide: STREAMING_OPTIONS, useValue: { ...DEFAULT_STREAMING_OPTIONS, ...options } },
        StreamAuthenticator,
        ...STREAM_KINDS,
        StreamResolver,
        SubscriberFacts,
        DeliveryPipeline,
        StreamHub,
        EventStreams,
        StreamingGateway,
      ],
    };
  }
}
