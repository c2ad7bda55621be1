import { Injectable } from '@nestjs/common';
import {
  cleanTagName,
  isValidTagName,
  normalizeTagName,
  Tag,
  TagRepository,
  Transaction,
} from '@nestodon/domain';

/**
 * Turns hashtag names into tag rows, creating missing ones (first spelling kept as the display
 * name). Shared by followed and featured tags and by statuses. Invalid names are skipped; the
 * result follows the order of first appearance, without duplicates.
 */
@Injectable()
export class FindOrCreateTagsService {
  constructor(private readonly tags: TagRepository) {}

  call(names: string[], tx?: Transaction): Promise<Tag[]> {
    const wanted = new Map<string, string>();
    for (const input of names) {
      if (!isValidTagName(input)) continue;
      const name = normalizeTagName(input);
      if (!wanted.has(name)) wanted.set(name, cleanTagName(input));
    }
    return this.tags.findOrCreate(
      [...wanted].map(([name, displayName]) => ({ name, displayName })),
      tx,
    );
  }
}
