import {
  isValidId,
  MediaAttachment,
  StatusWriteRepository,
  Transaction,
  ValidationError,
} from '@nestodon/domain';

/**
 * The account's media with these ids, in the order given, provided `usable` accepts each one
 * (unattached, or already on the status being edited). Unknown or unusable ids are a 422, so
 * are uploads the worker has not finished (or could not process), and a video or audio file
 * cannot share a status with other media (images and GIFs may mix, as on Mastodon).
 */
export async function findUsableMedia(
  writes: StatusWriteRepository,
  accountId: string,
  ids: string[],
  usable: (row: MediaAttachment) => boolean,
  tx: Transaction,
): Promise<MediaAttachment[]> {
  if (ids.length === 0) return [];
  const rows = await writes.findMedia(ids.filter(isValidId), tx);
  const found = new Map(
    rows.filter((row) => row.accountId === accountId && usable(row)).map((row) => [row.id, row]),
  );
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new ValidationError(
      `Media ${missing.join(', ')} not found or already attached to another post`,
    );
  }
  const media = ids.map((id) => found.get(id)!);
  if (media.some((row) => row.processing === 'queued' || row.processing === 'in_progress')) {
    throw new ValidationError(
      'Cannot attach files that have not finished processing. Try again in a moment!',
    );
  }
  if (media.some((row) => row.processing === 'failed')) {
    throw new ValidationError('Cannot attach files that could not be processed');
  }
  if (media.length > 1 && media.some((row) => row.type === 'video' || row.type === 'audio')) {
    throw new ValidationError('Cannot attach a video to a post that already contains images');
  }
  return media;
}
