import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UnmergeFromFeedService } from './unmerge-from-feed.service';

/**
 * What a block, mute or domain block leaves behind, cleared in the worker:
 * - block: the target's statuses (and those mentioning or reblogging it) leave the user's
 *   feeds, the user's statuses leave the target's feeds (the follows between them ended), and
 *   the target's notifications to the user and conversations with it are deleted;
 * - mute: the target's statuses (and mentions, reblogs of it) leave the user's feeds;
 * - domain block: statuses from that domain leave the user's feeds.
 */
@Injectable()
export class ClearRelationshipTracesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly unmerge: UnmergeFromFeedService,
  ) {}

  async afterBlock(accountId: string, targetAccountId: string): Promise<void> {
    await this.unmerge.clearAccount(accountId, targetAccountId);
    await this.unmerge.unmerge(targetAccountId, accountId);
    await this.dataSource.query(
      `DELETE FROM notifications WHERE account_id = $1 AND from_account_id = $2`,
      [accountId, targetAccountId],
    );
    await this.dataSource.query(
      `DELETE FROM account_conversations WHERE account_id = $1 AND $2::bigint = ANY(participant_account_ids)`,
      [accountId, targetAccountId],
    );
  }

  async afterMute(accountId: string, targetAccountId: string): Promise<void> {
    await this.unmerge.clearAccount(accountId, targetAccountId);
  }

  async afterDomainBlock(accountId: string, domain: string): Promise<void> {
    await this.unmerge.clearDomain(accountId, domain);
  }
}
