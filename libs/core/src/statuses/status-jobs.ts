import { Poll, ScheduledStatus } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';

/** Enqueues the job that closes a poll at its end (one job per poll and end). */
export async function enqueuePollExpiry(
  jobs: JobQueue,
  poll: Pick<Poll, 'id' | 'expiresAt'>,
): Promise<void> {
  if (!poll.expiresAt) return;
  await jobs.enqueue(
    JobName.ExpirePoll,
    { pollId: poll.id },
    {
      delay: Math.max(0, poll.expiresAt.getTime() - Date.now()),
      jobId: `poll-expire-${poll.id}-${poll.expiresAt.getTime()}`,
    },
  );
}

/** Enqueues the publication of a scheduled status at its current time. */
export async function enqueueScheduledPublication(
  jobs: JobQueue,
  scheduled: Pick<ScheduledStatus, 'id' | 'scheduledAt'>,
): Promise<void> {
  await jobs.enqueue(
    JobName.PublishScheduledStatus,
    { scheduledStatusId: scheduled.id },
    {
      delay: Math.max(0, scheduled.scheduledAt.getTime() - Date.now()),
      jobId: `scheduled-status-${scheduled.id}-${scheduled.scheduledAt.getTime()}`,
    },
  );
}
