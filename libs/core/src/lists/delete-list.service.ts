import { Injectable } from '@nestjs/common';
import { List, ListRepository } from '@nestodon/domain';
import { FeedManager } from '../feeds/feed-manager';

/** Deletes a list, its members and its feed. */
@Injectable()
export class DeleteListService {
  constructor(
    private readonly lists: ListRepository,
    private readonly feeds: FeedManager,
  ) {}

  async call(list: List): Promise<void> {
    await this.lists.deleteList(list.id);
    await this.feeds.clear('list', String(list.id));
  }
}
