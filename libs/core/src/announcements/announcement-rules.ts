import { Announcement, ValidationError } from '@nestodon/domain';
import { JobName, JobQueue } from '@nestodon/queue';

/** What an operator sets on an announcement. */
export interface AnnouncementAttributes {
  text?: string;
  /** The event announced: both or neither. */
  startsAt?: Date | null;
  endsAt?: Date | null;
  allDay?: boolean;
  /** Publish later, at this time; null or past: at once. */
  scheduledAt?: Date | null;
  statusIds?: string[];
}

/** Mastodon's validations: a text, and an event's start and end together. */
export function validateAnnouncement(announcement: Announcement): void {
  const problems: string[] = [];
  if (announcement.text.trim() === '') problems.push("Text can't be blank");
  if (announcement.endsAt && !announcement.startsAt) problems.push("Starts at can't be blank");
  if (announcement.startsAt && !announcement.endsAt) problems.push("Ends at can't be blank");
  if (problems.length > 0) throw new ValidationError(`Validation failed: ${problems.join(', ')}`);
}

/**
 * Streams a published announcement now, or publishes a scheduled one at its time (an early or
 * repeated job does nothing more than stream the current state).
 */
export async function enqueueAnnouncementPublication(
  jobs: JobQueue,
  announcement: Pick<Announcement, 'id' | 'published' | 'scheduledAt'>,
): Promise<void> {
  if (announcement.published) {
    await jobs.enqueue(JobName.PublishAnnouncement, { announcementId: announcement.id });
  } else if (announcement.scheduledAt) {
    const at = announcement.scheduledAt.getTime();
    await jobs.enqueue(
      JobName.PublishAnnouncement,
      { announcementId: announcement.id },
      { delay: Math.max(0, at - Date.now()), jobId: `announcement-${announcement.id}-${at}` },
    );
  }
}
