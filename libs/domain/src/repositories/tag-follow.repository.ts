import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Transaction } from '../transactions';

/** Followed hashtags (`tag_follows`). */
@Injectable()
export class TagFollowRepository {
  constructor(private readonly dataSource: DataSource) {}

  async isFollowing(accountId: string, tagId: string, tx?: Transaction): Promise<boolean> {
    const rows: unknown[] = await (tx ?? this.dataSource.manager).query(
      `SELECT 1 FROM tag_follows WHERE account_id = $1 AND tag_id = $2`,
      [accountId, tagId],
    );
    return rows.length > 0;
  }

  /** Records the follow; an existing one stays as it is. */
  async insertTagFollow(accountId: string, tagId: string, tx?: Transaction): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `INSERT INTO tag_follows (account_id, tag_id) VALUES ($1, $2)
       ON CONFLICT (account_id, tag_id) DO NOTHING`,
      [accountId, tagId],
    );
  }

  async deleteTagFollow(accountId: string, tagId: string, tx?: Transaction): Promise<void> {
    await (tx ?? this.dataSource.manager).query(
      `DELETE FROM tag_follows WHERE account_id = $1 AND tag_id = $2`,
      [accountId, tagId],
    );
  }
}
