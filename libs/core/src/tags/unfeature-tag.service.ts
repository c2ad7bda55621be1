import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, isValidId, RecordNotFoundError } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { FindOrCreateTagsService } from './find-or-create-tags.service';

/** Removes a hashtag from the account's profile. */
@Injectable()
export class UnfeatureTagService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tags: FindOrCreateTagsService,
  ) {}

  /** By featured tag id (DELETE /featured_tags/:id); someone else's or unknown: 404. */
  async byId(account: Pick<Account, 'id'>, featuredTagId: string): Promise<void> {
    if (!isValidId(featuredTagId)) throw new RecordNotFoundError();
    const [, count]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM featured_tags WHERE id = $1 AND account_id = $2`,
      [featuredTagId, account.id],
    );
    if (count === 0) throw new RecordNotFoundError();
  }

  /** By tag name (POST /tags/:name/unfeature); not featured: nothing happens. */
  async byName(account: Pick<Account, 'id'>, name: string): Promise<void> {
    const tag = await this.tags.find(name);
    if (!tag) return;
    await this.dataSource.query(`DELETE FROM featured_tags WHERE account_id = $1 AND tag_id = $2`, [
      account.id,
      tag.id,
    ]);
  }
}
