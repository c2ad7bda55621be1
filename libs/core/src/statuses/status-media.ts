import { isValidId, MediaAttachment, ValidationError } from '@nestodon/domain';
import { EntityManager, In } from 'typeorm';

/**
 * The account's media with these ids, in the order given, provided `usable` accepts each one
 * (unattached, or already on the status being edited). Unknown or unusable ids are a 422, and
 * a video cannot share a status with other media.
 */
export async function findUsableMedia(
  manager: EntityManager,
  accountId: string,
  ids: string[],
  usable: (row: MediaAttachment) => boolean,
): Promise<MediaAttachment[]> {
  if (ids.length === 0) return [];
  const valid = ids.filter(isValidId);
  const rows = valid.length
    ? await manager.getRepository(MediaAttachment).findBy({ id: In(valid), accountId })
    : [];
  const found = new Map(rows.filter(usable).map((row) => [row.id, row]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length > 0) {
    throw new ValidationError(
      `Media ${missing.join(', ')} not found or already attached to another post`,
    );
  }
  const media = ids.map((id) => found.get(id)!);
  if (media.length > 1 && media.some((row) => row.type !== 'image')) {
    throw new ValidationError('Cannot attach a video to a post that already contains images');
  }
  return media;
}
