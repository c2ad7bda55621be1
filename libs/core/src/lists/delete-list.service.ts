import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { List } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { FeedManager } from '../feeds/feed-manager';

/** Deletes a list, its members and its feed. */
@Injectable()
export class DeleteListService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly feeds: FeedManager,
  ) {}

  async delete(list: List): Promise<void> {
    await this.dataSource.getRepository(List).delete({ id: list.id });
    await this.feeds.clear('list', String(list.id));
  }
}
