import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@nestodon/config';
import {
  Account,
  QuoteRepository,
  QuoteState,
  Status,
  StatusStatsRepository,
  Transaction,
} from '@nestodon/domain';

/**
 * Makes a new status quote another (Mastodon's `attach_quote!`), in the posting transaction: the
 * quoted author keeps access to the quote (a silent mention); a quote of a local status was
 * allowed by the quote policy when the draft was built, so it is accepted at once and counted,
 * while a quote of a remote status waits for that server's approval, with the id of the
 * QuoteRequest the federation work sends (FEP-044f).
 */
@Injectable()
export class AttachQuoteService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly quotes: QuoteRepository,
    private readonly statusStats: StatusStatsRepository,
  ) {}

  async call(account: Account, status: Status, quoted: Status, tx: Transaction): Promise<void> {
    const quotedLocally = quoted.account?.domain === null;
    const state = quotedLocally ? QuoteState.Accepted : QuoteState.Pending;
    await this.quotes.insert(
      {
        statusId: status.id,
        quotedStatusId: quoted.id,
        accountId: account.id,
        quotedAccountId: quoted.accountId,
        state,
        activityUri:
          account.domain === null && !quotedLocally
            ? `${this.config.instance.baseUrl}/users/${account.username}/quote_requests/${randomUUID()}`
            : null,
      },
      tx,
    );
    if (quoted.accountId !== account.id) {
      await this.quotes.ensureSilentMention(status.id, quoted.accountId, tx);
    }
    if (state === QuoteState.Accepted) {
      await this.statusStats.increment(quoted.id, 'quotes_count', 1, tx);
    }
  }
}
