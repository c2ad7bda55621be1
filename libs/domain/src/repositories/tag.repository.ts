import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Tag } from '../entities/tag.entity';
import { Transaction } from '../transactions';
import { PreparedEntityQuery, queryPrepared } from './raw-rows';

/** Hashtags (`tags`), shared by statuses, followed and featured tags. Names are normalised. */
@Injectable()
export class TagRepository {
  private readonly byNames: PreparedEntityQuery<Tag>;

  constructor(private readonly dataSource: DataSource) {
    this.byNames = new PreparedEntityQuery(
      dataSource,
      Tag,
      't',
      (select) => `SELECT ${select} FROM tags t WHERE t.name = ANY($1::varchar[])`,
    );
  }

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
    const names = tags.map((tag) => tag.name);
    await queryPrepared(
      this.dataSource,
      `INSERT INTO tags (name, display_name)
       SELECT * FROM unnest($1::varchar[], $2::varchar[])
       ON CONFLICT (name) DO NOTHING`,
      [names, tags.map((tag) => tag.displayName)],
      tx,
    );
    // Another statement, so that tags another transaction has just created are seen too.
    const found = await this.byNames.run([names], tx);
    const byName = new Map(found.map((tag) => [tag.name, tag]));
    return names.flatMap((name) => byName.get(name) ?? []);
  }
}
