import { Injectable } from '@nestjs/common';
import { Poll, Status } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';
import { Viewer } from './status-queries';

/** A remote poll's counts are fetched again when read this long after the last fetch. */
const STALE_AFTER_MS = 60_000;

/**
 * A signed-in reader looks at a remote poll whose counts may be stale (fetched more than a
 * minute ago and still open, as Mastodon's `possibly_stale?`): the worker fetches its Question
 * again, once a minute at most; the reader gets the counts known now.
 */
@Injectable()
export class RefreshStalePollService {
  constructor(private readonly jobs: JobQueue) {}

  async call(poll: Poll, status: Pick<Status, 'local'>, viewer: Viewer): Promise<void> {
    if (!viewer || status.local || poll.closedAt) return;
    const now = Date.now();
    if (now - (poll.lastFetchedAt?.getTime() ?? 0) < STALE_AFTER_MS) return;
    await this.jobs.enqueue(
      JobName.RefreshRemotePoll,
      { pollId: poll.id },
      { jobId: `poll-refresh-${poll.id}-${Math.floor(now / STALE_AFTER_MS)}` },
    );
  }
}
