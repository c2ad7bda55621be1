import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { reportAuthRowChange } from '../auth-row-changes';
import { MediaAttachment } from '../entities/media-attachment.entity';
import { Transaction } from '../transactions';

/** What deleting an account reads and removes (`accounts delete`, `domains purge`). */
@Injectable()
export class AccountDeletionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Ids of the account's statuses not deleted yet (reblogs too), in id order after `afterId`. */
  async liveStatusIds(accountId: string, afterId: string, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id::text FROM statuses
        WHERE account_id = $1 AND deleted_at IS NULL AND id > $2
        ORDER BY id LIMIT $3`,
      [accountId, afterId, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Every media attachment the account uploaded, attached to a status or not. */
  mediaOf(accountId: string): Promise<MediaAttachment[]> {
    return this.dataSource.getRepository(MediaAttachment).findBy({ accountId });
  }

  /**
   * Removes everything of the account but its row: first the counters its follows and
   * favourites added to others, then every row that refers to the account through a foreign
   * key that cascades (found in PostgreSQL's catalog, so tables added later are covered: the
   * user and its tokens, statuses, relationships, lists, notifications, …), then its media
   * rows. The row stays as a suspended, empty profile, so the username is never given to
   * someone else (other servers know it by its URI). Its statistics start again from zero.
   */
  async purge(accountId: string, tx: Transaction): Promise<void> {
    await tx.query(
      `UPDATE account_stats s SET followers_count = GREATEST(s.followers_count - 1, 0), updated_at = now()
         FROM follows f WHERE f.account_id = $1 AND s.account_id = f.target_account_id`,
      [accountId],
    );
    await tx.query(
      `UPDATE account_stats s SET following_count = GREATEST(s.following_count - 1, 0), updated_at = now()
         FROM follows f WHERE f.target_account_id = $1 AND s.account_id = f.account_id`,
      [accountId],
    );
    await tx.query(
      `UPDATE status_stats s SET favourites_count = GREATEST(s.favourites_count - 1, 0), updated_at = now()
         FROM favourites f WHERE f.account_id = $1 AND s.status_id = f.status_id`,
      [accountId],
    );
    const references: Array<{ table_name: string; column_name: string }> = await tx.query(
      `SELECT c.conrelid::regclass::text AS table_name, quote_ident(a.attname) AS column_name
         FROM pg_constraint c
         JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid = 'accounts'::regclass AND c.confdeltype = 'c'
          AND cardinality(c.conkey) = 1
          AND c.conrelid NOT IN ('accounts'::regclass, 'account_stats'::regclass)
        ORDER BY 1, 2`,
    );
    for (const { table_name, column_name } of references) {
      await tx.query(`DELETE FROM ${table_name} WHERE ${column_name} = $1`, [accountId]);
    }
    await tx.query(`DELETE FROM media_attachments WHERE account_id = $1`, [accountId]);
    await tx.query(
      `UPDATE account_stats SET statuses_count = 0, following_count = 0, followers_count = 0,
              last_status_at = NULL, updated_at = now()
        WHERE account_id = $1`,
      [accountId],
    );
    await tx.query(
      `UPDATE accounts SET display_name = '', note = '', note_html = NULL, fields = '[]'::jsonb,
              avatar_file_name = NULL, avatar_content_type = NULL, avatar_remote_url = NULL,
              avatar_description = '', header_file_name = NULL, header_content_type = NULL,
              header_remote_url = NULL, header_description = '', locked = false,
              discoverable = false, indexable = false, memorial = false,
              moved_to_account_id = NULL, suspended_at = COALESCE(suspended_at, now()),
              updated_at = now()
        WHERE id = $1`,
      [accountId],
    );
    reportAuthRowChange(tx, { table: 'accounts', id: accountId });
  }

  /** A remote account's row itself, once `purge` removed what referred to it. */
  async deleteRemoteAccount(accountId: string, tx: Transaction): Promise<void> {
    await tx.query(`DELETE FROM accounts WHERE id = $1 AND domain IS NOT NULL`, [accountId]);
  }
}
