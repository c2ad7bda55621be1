import { Injectable } from '@nestjs/common';
import { FeedPruner } from './feed-pruner';

/**
 * After a mute (JobName.AfterMute): the target's statuses, reblogs of them and statuses
 * mentioning it leave the user's feeds.
 */
@Injectable()
export class ClearMuteTracesService {
  constructor(private readonly pruner: FeedPruner) {}

  async call(accountId: string, targetAccountId: string): Promise<void> {
    await this.pruner.removeEverywhere(accountId, {
      kind: 'involving',
      accountId: targetAccountId,
    });
  }
}
