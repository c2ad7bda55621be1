import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Quote, QuoteState } from '../entities/quote.entity';
import { Transaction } from '../transactions';
import { IdPage, idPageSql } from './id-paging';
import { CursorPage } from './status.repository';

/** A local author's accepted quote of a status, for `quoted_update` notifications. */
export interface QuotingStatus {
  quoteId: string;
  statusId: string;
  accountId: string;
}

/** Quotes of statuses: made when posting, read with pages of statuses, revoked by the quoted. */
@Injectable()
export class QuoteRepository {
  constructor(private readonly dataSource: DataSource) {}

  insert(
    fields: Pick<
      Quote,
      'statusId' | 'quotedStatusId' | 'accountId' | 'quotedAccountId' | 'state' | 'activityUri'
    >,
    tx: Transaction,
  ): Promise<Quote> {
    return tx.getRepository(Quote).save(fields);
  }

  /**
   * The quoted author keeps access to the quoting status (a silent mention, as Mastodon's
   * `ensure_quoted_access`); an existing mention is left as it is.
   */
  async ensureSilentMention(statusId: string, accountId: string, tx: Transaction): Promise<void> {
    await tx.query(
      `INSERT INTO mentions (status_id, account_id, silent) VALUES ($1, $2, true)
       ON CONFLICT (account_id, status_id) DO NOTHING`,
      [statusId, accountId],
    );
  }

  /** The quote a status made, if any. */
  forStatus(statusId: string, tx?: Transaction): Promise<Quote | null> {
    return (tx ?? this.dataSource.manager).getRepository(Quote).findOneBy({ statusId });
  }

  /** The quote of `quotedStatusId` made by `quotingStatusId`, locked until the transaction ends. */
  lockOfQuoting(
    quotedStatusId: string,
    quotingStatusId: string,
    tx: Transaction,
  ): Promise<Quote | null> {
    return tx
      .getRepository(Quote)
      .createQueryBuilder('q')
      .setLock('pessimistic_write')
      .where('q.quoted_status_id = :quotedStatusId AND q.status_id = :quotingStatusId', {
        quotedStatusId,
        quotingStatusId,
      })
      .getOne();
  }

  async setState(quoteId: string, state: QuoteState, tx: Transaction): Promise<void> {
    await tx.update(Quote, { id: quoteId }, { state });
  }

  /**
   * Ids of the live statuses whose quote of `quotedStatusId` is accepted, newest quote first,
   * paged by quote id (Mastodon's cursor for GET /api/v1/statuses/:id/quotes).
   */
  async acceptedQuotingStatusIds(
    quotedStatusId: string,
    page: IdPage,
  ): Promise<CursorPage<string>> {
    const params: unknown[] = [quotedStatusId, QuoteState.Accepted];
    const conditions = ['q.quoted_status_id = $1', 'q.state = $2', 's.deleted_at IS NULL'];
    const { tail, reverse } = idPageSql('q.id', page, conditions, params);
    const rows: Array<{ cursor: string; status_id: string }> = await this.dataSource.query(
      `SELECT q.id::text AS cursor, q.status_id::text AS status_id
         FROM quotes q JOIN statuses s ON s.id = q.status_id
        WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    const items = rows.map((row) => ({ cursor: row.cursor, item: row.status_id }));
    return { items: reverse ? items.reverse() : items, full: rows.length >= page.limit };
  }

  /** Local authors' live statuses whose quote of `quotedStatusId` is accepted. */
  async localQuotingStatuses(quotedStatusId: string): Promise<QuotingStatus[]> {
    const rows: Array<{ quote_id: string; status_id: string; account_id: string }> =
      await this.dataSource.query(
        `SELECT q.id::text AS quote_id, q.status_id::text AS status_id,
                q.account_id::text AS account_id
           FROM quotes q
           JOIN statuses s ON s.id = q.status_id AND s.deleted_at IS NULL
           JOIN accounts a ON a.id = q.account_id AND a.domain IS NULL
          WHERE q.quoted_status_id = $1 AND q.state = $2
          ORDER BY q.id`,
        [quotedStatusId, QuoteState.Accepted],
      );
    return rows.map((row) => ({
      quoteId: row.quote_id,
      statusId: row.status_id,
      accountId: row.account_id,
    }));
  }
}
