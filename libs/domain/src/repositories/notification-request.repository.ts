import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { NotificationRequest } from '../entities/notification-request.entity';
import { Transaction } from '../transactions';
import { IdPage, idPageSql } from './id-paging';
import { EntityRowMapper, queryPreparedArrays } from './raw-rows';

/**
 * Notification requests: per recipient, the senders whose mentions the policy held back.
 * Requests from suspended senders are never listed.
 */
@Injectable()
export class NotificationRequestRepository {
  private readonly rows: EntityRowMapper<NotificationRequest>;

  constructor(private readonly dataSource: DataSource) {
    this.rows = new EntityRowMapper(dataSource, NotificationRequest, 'r');
  }

  /** A page of the account's requests, newest first. */
  async page(accountId: string, page: IdPage): Promise<NotificationRequest[]> {
    const params: unknown[] = [accountId];
    const conditions = ['r.account_id = $1', 'a.suspended_at IS NULL'];
    const { tail, reverse } = idPageSql('r.id', page, conditions, params);
    const rows = await queryPreparedArrays(
      this.dataSource,
      `SELECT ${this.rows.select} FROM notification_requests r
         JOIN accounts a ON a.id = r.from_account_id
        WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    const requests = rows.map((row) => this.rows.build(row, 0));
    return reverse ? requests.reverse() : requests;
  }

  /** The account's requests among `ids` (others' and unknown ids are skipped). */
  ownedByIds(accountId: string, ids: string[]): Promise<NotificationRequest[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.dataSource.getRepository(NotificationRequest).findBy({ id: In(ids), accountId });
  }

  /** Opens the sender's request, or points it at a newer held-back status. */
  async upsert(accountId: string, fromAccountId: string, lastStatusId: string | null) {
    await this.dataSource.query(
      `INSERT INTO notification_requests (account_id, from_account_id, last_status_id)
       VALUES ($1, $2, $3)
       ON CONFLICT (account_id, from_account_id) DO UPDATE
         SET last_status_id = EXCLUDED.last_status_id, updated_at = now()`,
      [accountId, fromAccountId, lastStatusId],
    );
  }

  async deleteByIds(ids: string[], tx?: Transaction): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `DELETE FROM notification_requests WHERE id = ANY($1::bigint[])`,
      [ids],
    );
  }
}
