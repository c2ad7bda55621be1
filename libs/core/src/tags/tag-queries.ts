import { Injectable } from '@nestjs/common';
import {
  cleanTagName,
  isValidTagName,
  normalizeTagName,
  Tag,
  TagRepository,
} from '@nestodon/domain';

/** Reads of hashtags by name. */
@Injectable()
export class TagQueries {
  constructor(private readonly tags: TagRepository) {}

  /** An existing tag by any spelling of its name, or null (invalid names included). */
  async byName(input: string): Promise<Tag | null> {
    if (!isValidTagName(input)) return null;
    return this.tags.findByName(normalizeTagName(input));
  }
}

/** A tag that does not exist yet, shown as Mastodon shows one (no id, no history). */
export function unsavedTag(input: string): Tag {
  return Object.assign(new Tag(), {
    id: '',
    name: normalizeTagName(input),
    displayName: cleanTagName(input),
  });
}
