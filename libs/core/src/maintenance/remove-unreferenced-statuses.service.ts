import { Injectable } from '@nestjs/common';
import { snowflakeAt, StatusCleanupRepository } from '@nestodon/domain';

export interface UnreferencedStatusesOptions {
  /** Only statuses older than this many days. */
  days: number;
  /** Also statuses whose authors have followers here. */
  includeFollowed: boolean;
  batchSize: number;
  /** Rewrite the table afterwards to give the space back (locks it: run offline). */
  compact: boolean;
}

export interface CleanupCount {
  processed: number;
  removed: number;
}

/**
 * `statuses remove` (tootctl's): deletes remote statuses nobody here refers to (no local
 * reply, reblog, pin, mention, favourite or bookmark; by default, no local follower of the
 * author) once they are older than `days`, a batch at a time, then refreshes the table's
 * statistics. Local statuses are never candidates. `remoteStatuses` says how many remote
 * statuses the server stored before the run: none until it federates.
 */
@Injectable()
export class RemoveUnreferencedStatusesService {
  constructor(private readonly cleanup: StatusCleanupRepository) {}

  async call(
    options: UnreferencedStatusesOptions,
    now = new Date(),
  ): Promise<CleanupCount & { remoteStatuses: number }> {
    const remoteStatuses = await this.cleanup.remoteStatusCount();
    const beforeId = snowflakeAt(now.getTime() - options.days * 24 * 3600 * 1000);
    const count: CleanupCount = { processed: 0, removed: 0 };
    let after = '0';
    for (;;) {
      const ids = await this.cleanup.unreferencedRemoteStatusIds(
        beforeId,
        options.includeFollowed,
        after,
        options.batchSize,
      );
      if (ids.length === 0) break;
      count.processed += ids.length;
      count.removed += await this.cleanup.deleteStatuses(ids);
      after = ids[ids.length - 1];
    }
    await this.cleanup.analyze('statuses', options.compact);
    return { ...count, remoteStatuses };
  }
}
