import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { Tag } from '../entities/tag.entity';
import { Transaction } from '../transactions';

/** Hashtags (`tags`), shared by statuses, followed and featured tags. Names are normalised. */
@Injectable()
export class TagRepository {
  constructor(private readonly dataSource: DataSource) {}

  findByName(name: string): Promise<Tag | null> {
    return this.dataSource.getRepository(Tag).findOneBy({ name });
  }

  /**
   * The tags of the given normalised names, creating missing ones with their display name
   * (an existing tag keeps its own). In the order of `tags`.
   */
  async findOrCreate(
    tags: Array<{ name: string; displayName: string }>,
    tx?: Transaction,
  ): Promise<Tag[]> {
    if (tags.length === 0) return [];
    const manager = tx ?? this.dataSource.manager;
    const names = tags.map((tag) => tag.name);
    await manager.query(
      `INSERT INTO tags (name, display_name)
       SELECT * FROM unnest($1::varchar[], $2::varchar[])
       ON CONFLICT (name) DO NOTHING`,
      [names, tags.map((tag) => tag.displayName)],
    );
    const found = await manager.getRepository(Tag).findBy({ name: In(names) });
    const byName = new Map(found.map((tag) => [tag.name, tag]));
    return names.flatMap((name) => byName.get(name) ?? []);
  }
}
