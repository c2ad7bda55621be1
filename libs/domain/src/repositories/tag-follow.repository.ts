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

  /** Which of `tagIds` the account follows and which it features, in one query. */
  async viewerTagFlags(
    accountId: string,
    tagIds: string[],
  ): Promise<{ following: Set<string>; featuring: Set<string> }> {
    const rows: Array<{ kind: string; tag_id: string }> = await this.dataSource.query(
      `SELECT 'following' AS kind, tag_id FROM tag_follows
        WHERE account_id = $1 AND tag_id = ANY($2::bigint[])
       UNION ALL
       SELECT 'featuring', tag_id FROM featured_tags
        WHERE account_id = $1 AND tag_id = ANY($2::bigint[])`,
      [accountId, tagIds],
    );
    const flags = { following: new Set<string>(), featuring: new Set<string>() };
    for (const row of rows) {
      (row.kind === 'following' ? flags.following : flags.featuring).add(String(row.tag_id));
    }
    return flags;
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
