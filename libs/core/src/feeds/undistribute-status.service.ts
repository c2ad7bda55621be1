import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { StatusRepository } from '@nestodon/domain';
import { Channel, PublisherService, StreamEvent } from '@nestodon/pubsub';
import { DataSource } from 'typeorm';
import { ConversationsService } from '../conversations/conversations.service';
import { FeedManager } from './feed-manager';
import { publicChannels } from './fan-out-on-write.service';
import { entryOf } from './feed-statuses';
import { ListFactsRepository } from './list-facts.repository';

/**
 * A status (or reblog) was deleted (the worker's UndistributeStatus job): it leaves the home
 * feeds of its author, the author's local followers and the accounts it mentioned, and the
 * list feeds holding the author; `delete` goes to every channel that had it (and to the public
 * and hashtag channels for a public status); its notifications and its place in conversations
 * go too.
 */
@Injectable()
export class UndistributeStatusService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly statuses: StatusRepository,
    private readonly feeds: FeedManager,
    private readonly lists: ListFactsRepository,
    private readonly publisher: PublisherService,
    private readonly conversations: ConversationsService,
  ) {}

  async undistribute(statusId: string, accountId: string): Promise<void> {
    const status = await this.statuses.findOneWithRelations(statusId, { withDeleted: true });
    const entry = status ? entryOf(status) : { id: statusId, reblogOfId: null };
    const receivers: Array<{ id: string }> = await this.dataSource.query(
      `SELECT f.account_id::text AS id FROM follows f
         JOIN accounts a ON a.id = f.account_id AND a.domain IS NULL
        WHERE f.target_account_id = $1
       UNION
       SELECT m.account_id::text FROM mentions m
         JOIN accounts a ON a.id = m.account_id AND a.domain IS NULL
        WHERE m.status_id = $2
       UNION
       SELECT id::text FROM accounts WHERE id = $1 AND domain IS NULL`,
      [accountId, statusId],
    );
    const homes = await this.feeds.removeFromMany(
      'home',
      receivers.map((r) => r.id),
      entry,
    );
    const lists = await this.feeds.removeFromMany(
      'list',
      (await this.lists.containing(accountId)).map((list) => list.id),
      entry,
    );
    let tags: string[] = [];
    if (status) {
      const rows: Array<{ name: string }> = await this.dataSource.query(
        `SELECT t.name FROM statuses_tags st JOIN tags t ON t.id = st.tag_id WHERE st.status_id = $1`,
        [statusId],
      );
      tags = rows.map((row) => row.name);
    }
    await this.publisher.publish(
      [
        ...homes.map((id) => Channel.user(id)),
        ...lists.map((id) => Channel.list(id)),
        ...(status ? publicChannels(status, tags) : []),
      ],
      { event: StreamEvent.Delete, payload: String(statusId) },
    );
    await this.dataSource.query(
      `DELETE FROM notifications WHERE status_id = $1 OR reblog_status_id = $1`,
      [statusId],
    );
    await this.conversations.removeStatus(statusId);
  }
}
