import { Injectable } from '@nestjs/common';
import { StatusCleanupRepository } from '@nestodon/domain';
import { CleanupCount } from './remove-unreferenced-statuses.service';

/**
 * Deletes conversations none of whose statuses exist any more, then refreshes the table's
 * statistics (or rewrites it with `compact`). Part of `statuses remove`.
 */
@Injectable()
export class RemoveOrphanedConversationsService {
  constructor(private readonly cleanup: StatusCleanupRepository) {}

  async call(options: { batchSize: number; compact: boolean }): Promise<CleanupCount> {
    const count: CleanupCount = { processed: 0, removed: 0 };
    let after = '0';
    for (;;) {
      const ids = await this.cleanup.orphanedConversationIds(after, options.batchSize);
      if (ids.length === 0) break;
      count.processed += ids.length;
      count.removed += await this.cleanup.deleteOrphanedConversations(ids);
      after = ids[ids.length - 1];
    }
    await this.cleanup.analyze('conversations', options.compact);
    return count;
  }
}
