import { Injectable } from '@nestjs/common';
import { DataSource, DeepPartial } from 'typeorm';
import { Announcement } from '../entities/announcement.entity';
import { StatusVisibility } from '../entities/status.entity';
import { Transaction } from '../transactions';

/** Reactions to an announcement with one name, as listed: count, and whether the viewer is among them. */
export interface AnnouncementReactionRow {
  announcementId: string;
  name: string;
  customEmojiId: string | null;
  count: number;
  me: boolean;
}

/** A status an announcement links to, with what its URL is made of. */
export interface AnnouncementStatusRow {
  id: string;
  url: string | null;
  uri: string | null;
  username: string;
  domain: string | null;
}

/** Mastodon's order: by the event's start, else the publication (or its schedule), else creation. */
const CHRONOLOGICAL = `COALESCE(a.starts_at, a.scheduled_at, a.published_at, a.created_at)`;

/** Announcements, who dismissed them and their reactions. */
@Injectable()
export class AnnouncementRepository {
  constructor(private readonly dataSource: DataSource) {}

  save(announcement: DeepPartial<Announcement>, tx?: Transaction): Promise<Announcement> {
    const repository = this.manager(tx).getRepository(Announcement);
    return repository.save(repository.create(announcement));
  }

  findById(id: string): Promise<Announcement | null> {
    return this.dataSource.getRepository(Announcement).findOneBy({ id });
  }

  findPublished(id: string): Promise<Announcement | null> {
    return this.dataSource.getRepository(Announcement).findOneBy({ id, published: true });
  }

  /** Published announcements, oldest first; without those the account dismissed when given. */
  published(exceptDismissedBy?: string): Promise<Announcement[]> {
    const query = this.dataSource
      .getRepository(Announcement)
      .createQueryBuilder('a')
      .where('a.published')
      .orderBy(CHRONOLOGICAL, 'ASC')
      .addOrderBy('a.id', 'ASC');
    if (exceptDismissedBy) {
      query.andWhere(
        `NOT EXISTS (SELECT 1 FROM announcement_mutes m
                      WHERE m.announcement_id = a.id AND m.account_id = :account)`,
        { account: exceptDismissedBy },
      );
    }
    return query.getMany();
  }

  /** Every announcement, newest first (the operator's list). */
  all(): Promise<Announcement[]> {
    return this.dataSource
      .getRepository(Announcement)
      .createQueryBuilder('a')
      .orderBy(CHRONOLOGICAL, 'DESC')
      .addOrderBy('a.id', 'DESC')
      .getMany();
  }

  /** Scheduled announcements whose time has come, not yet published. */
  dueForPublication(now: Date): Promise<Announcement[]> {
    return this.dataSource
      .getRepository(Announcement)
      .createQueryBuilder('a')
      .where('NOT a.published AND a.scheduled_at <= :now', { now })
      .getMany();
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.dataSource.getRepository(Announcement).delete({ id });
    return (result.affected ?? 0) > 0;
  }

  /** Which of the announcements the account dismissed. */
  async dismissedIds(accountId: string, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT announcement_id::text AS id FROM announcement_mutes
        WHERE account_id = $1 AND announcement_id = ANY($2::bigint[])`,
      [accountId, ids],
    );
    return new Set(rows.map((row) => row.id));
  }

  async dismiss(accountId: string, announcementId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO announcement_mutes (account_id, announcement_id) VALUES ($1, $2)
       ON CONFLICT (account_id, announcement_id) DO NOTHING`,
      [accountId, announcementId],
    );
  }

  /** Reactions of the announcements by name, first reacted first; `me` for the viewer. */
  async reactions(ids: string[], viewerId: string | null): Promise<AnnouncementReactionRow[]> {
    if (ids.length === 0) return [];
    const rows: Array<{
      announcement_id: string;
      name: string;
      custom_emoji_id: string | null;
      count: number;
      me: boolean;
    }> = await this.dataSource.query(
      `SELECT announcement_id::text, name, max(custom_emoji_id)::text AS custom_emoji_id,
              count(*)::int AS count, COALESCE(bool_or(account_id = $2), false) AS me
         FROM announcement_reactions
        WHERE announcement_id = ANY($1::bigint[])
        GROUP BY announcement_id, name
        ORDER BY min(created_at), name`,
      [ids, viewerId],
    );
    return rows.map((row) => ({
      announcementId: row.announcement_id,
      name: row.name,
      customEmojiId: row.custom_emoji_id,
      count: row.count,
      me: row.me,
    }));
  }

  /** How many accounts reacted with the name. */
  async reactionCount(announcementId: string, name: string): Promise<number> {
    const [row]: Array<{ count: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS count FROM announcement_reactions
        WHERE announcement_id = $1 AND name = $2`,
      [announcementId, name],
    );
    return row.count;
  }

  /** Distinct reaction names on the announcement besides `name`, and whether `name` is used. */
  async reactionNames(
    announcementId: string,
    name: string,
    tx?: Transaction,
  ): Promise<{ others: number; used: boolean }> {
    const [row]: Array<{ others: number; used: boolean }> = await this.manager(tx).query(
      `SELECT count(DISTINCT name) FILTER (WHERE name <> $2)::int AS others,
              COALESCE(bool_or(name = $2), false) AS used
         FROM announcement_reactions WHERE announcement_id = $1`,
      [announcementId, name],
    );
    return row;
  }

  /** Adds the account's reaction; false when it had reacted so already. */
  async addReaction(
    reaction: {
      accountId: string;
      announcementId: string;
      name: string;
      customEmojiId: string | null;
    },
    tx?: Transaction,
  ): Promise<boolean> {
    const rows: unknown[] = await this.manager(tx).query(
      `INSERT INTO announcement_reactions (account_id, announcement_id, name, custom_emoji_id)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (account_id, announcement_id, name) DO NOTHING RETURNING id`,
      [reaction.accountId, reaction.announcementId, reaction.name, reaction.customEmojiId],
    );
    return rows.length > 0;
  }

  /** Removes the account's reaction; false when there was none. */
  async removeReaction(accountId: string, announcementId: string, name: string): Promise<boolean> {
    // DELETE … RETURNING answers [rows, affected count].
    const [deleted] = (await this.dataSource.query(
      `DELETE FROM announcement_reactions
        WHERE account_id = $1 AND announcement_id = $2 AND name = $3 RETURNING id`,
      [accountId, announcementId, name],
    )) as [unknown[], number];
    return deleted.length > 0;
  }

  /** The public and unlisted statuses among the ids (what announcements may link to). */
  async linkableStatuses(ids: string[]): Promise<AnnouncementStatusRow[]> {
    if (ids.length === 0) return [];
    return this.dataSource.query(
      `SELECT s.id::text, s.url, s.uri, a.username, a.domain
         FROM statuses s JOIN accounts a ON a.id = s.account_id
        WHERE s.id = ANY($1::bigint[]) AND s.deleted_at IS NULL
          AND s.visibility IN (${StatusVisibility.Public}, ${StatusVisibility.Unlisted})`,
      [ids],
    );
  }

  /** Ids of local accounts with a user, in id order after `afterId` (to publish to each). */
  async localAccountIds(afterId: string, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT account_id::text AS id FROM users WHERE account_id > $1 AND NOT disabled
        ORDER BY account_id LIMIT $2`,
      [afterId, limit],
    );
    return rows.map((row) => row.id);
  }

  private manager(tx?: Transaction) {
    return tx ?? this.dataSource.manager;
  }
}
