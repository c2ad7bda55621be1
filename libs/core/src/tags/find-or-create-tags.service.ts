import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { cleanTagName, isValidTagName, normalizeTagName, Tag } from '@nestodon/domain';
import { DataSource, EntityManager, In } from 'typeorm';

/**
 * Turns hashtag names into tag rows, creating missing ones (first spelling kept as the display
 * name). Shared by followed and featured tags and by statuses. Invalid names are skipped; the
 * result follows the order of first appearance, without duplicates.
 */
@Injectable()
export class FindOrCreateTagsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async findOrCreate(
    names: string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Tag[]> {
    const wanted = new Map<string, string>();
    for (const input of names) {
      if (!isValidTagName(input)) continue;
      const name = normalizeTagName(input);
      if (!wanted.has(name)) wanted.set(name, cleanTagName(input));
    }
    if (wanted.size === 0) return [];
    await manager.query(
      `INSERT INTO tags (name, display_name)
       SELECT * FROM unnest($1::varchar[], $2::varchar[])
       ON CONFLICT (name) DO NOTHING`,
      [[...wanted.keys()], [...wanted.values()]],
    );
    const tags = await manager.getRepository(Tag).findBy({ name: In([...wanted.keys()]) });
    const byName = new Map(tags.map((tag) => [tag.name, tag]));
    return [...wanted.keys()].flatMap((name) => byName.get(name) ?? []);
  }

  /** An existing tag by any spelling of its name, or null (invalid names included). */
  async find(input: string): Promise<Tag | null> {
    if (!isValidTagName(input)) return null;
    return this.dataSource.getRepository(Tag).findOneBy({ name: normalizeTagName(input) });
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
