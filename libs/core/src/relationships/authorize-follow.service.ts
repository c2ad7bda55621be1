import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, Follow, RecordNotFoundError } from '@nestodon/domain';
import { DataSource } from 'typeorm';
import { RelationshipEffects } from '../feeds/relationship-effects';
import { FollowService } from './follow.service';
import { inRelationshipTransaction } from './relationship-transaction';

interface RequestRow {
  show_reblogs: boolean;
  notify: boolean;
  languages: string[] | null;
}

/**
 * Accepts `requester`'s pending request to follow `account`: the request becomes a follow with
 * the options it carried (the follow limit does not apply). No pending request: 404.
 * Federation joins here: send Accept(Follow) to a remote requester after commit.
 */
@Injectable()
export class AuthorizeFollowService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly follows: FollowService,
    private readonly effects: RelationshipEffects,
  ) {}

  async authorize(requester: Pick<Account, 'id'>, account: Pick<Account, 'id'>): Promise<Follow> {
    const follow = await inRelationshipTransaction(this.dataSource, async (tx) => {
      const [deleted]: [RequestRow[], number] = await tx.query(
        `DELETE FROM follow_requests WHERE account_id = $1 AND target_account_id = $2
         RETURNING show_reblogs, notify, languages`,
        [requester.id, account.id],
      );
      const request = deleted[0];
      if (!request) throw new RecordNotFoundError();
      const { follow } = await this.follows.upsertFollow(
        requester.id,
        account.id,
        request.show_reblogs,
        request.notify,
        request.languages,
        tx,
      );
      return follow;
    });
    await this.effects.authorized(follow);
    return follow;
  }
}
