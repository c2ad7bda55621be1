import { Injectable } from '@nestjs/common';
import { Account, StatusWriteRepository, Transaction } from '@nestodon/domain';

/**
 * The mentions of a new or edited status, as Mastodon's ProcessMentionsService: the accounts
 * its text mentions are mentioned; on an edit, accounts no longer in the text stay as silent
 * mentions, since whoever was notified keeps access.
 */
@Injectable()
export class ProcessMentionsService {
  constructor(private readonly writes: StatusWriteRepository) {}

  async call(statusId: string, mentioned: Array<Pick<Account, 'id'>>, tx: Transaction) {
    await this.writes.setMentions(
      statusId,
      mentioned.map((account) => account.id),
      tx,
    );
  }
}
