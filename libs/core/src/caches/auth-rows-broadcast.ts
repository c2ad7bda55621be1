import { Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AuthRowChange, AuthRowChanges } from '@nestodon/domain';
import { Channel, PublisherService, SystemEvent } from '@nestodon/pubsub';

/**
 * Tells every process's auth cache (api, streaming) when this process changed the rows an
 * authenticated request is made of (a revoked token, a disabled user, a suspended account, a
 * new role or profile), so revocation takes effect at once everywhere, not after a TTL.
 */
@Injectable()
export class AuthRowsBroadcast implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AuthRowsBroadcast.name);
  private stop?: () => void;

  constructor(
    private readonly changes: AuthRowChanges,
    private readonly publisher: PublisherService,
  ) {}

  onModuleInit(): void {
    this.stop = this.changes.listen((change) => this.announce(change));
  }

  onApplicationShutdown(): void {
    this.stop?.();
  }

  private announce(change: AuthRowChange): void {
    this.publisher
      .publish(Channel.authRows, {
        event: SystemEvent.AuthRowsChanged,
        payload: JSON.stringify(change),
      })
      // The caches' TTL bounds what a lost announcement leaves stale.
      .catch((error: unknown) => this.logger.warn(`auth change not announced: ${String(error)}`));
  }
}
