import { Module } from '@nestjs/common';
import { FederationModule } from '@nestodon/activitypub/federation';
import { DeliverActivityService } from './deliver-activity.service';
import { DistributeActivityService } from './distribute-activity.service';
import { FollowerSynchronization } from './follower-synchronization';
import { SigningKeysCache } from './signing-keys';

/**
 * Outbound federation for the worker: distributing what local accounts do to the inboxes of
 * their audience, and delivering each, signed, through the safe client.
 */
@Module({
  imports: [FederationModule],
  providers: [
    SigningKeysCache,
    FollowerSynchronization,
    DeliverActivityService,
    DistributeActivityService,
  ],
  exports: [DeliverActivityService, DistributeActivityService],
})
export class OutboxModule {}
