import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, EntityManager, SelectQueryBuilder } from 'typeorm';
import { Account } from '../entities/account.entity';
import { Status, StatusVisibility } from '../entities/status.entity';

/** A page window as the API reads it (max_id, since_id, min_id, limit). */
export interface PageWindow {
  maxId?: string;
  sinceId?: string;
  minId?: string;
  limit: number;
}

/** A page of rows keyed by a cursor (the paginated column), newest first. */
export interface CursorPage<T> {
  items: Array<{ cursor: string; item: T }>;
  /** Whether the page came back full (there may be older rows: link to them). */
  full: boolean;
}

export interface AccountStatusesFilter {
  onlyMedia?: boolean;
  excludeReplies?: boolean;
  excludeReblogs?: boolean;
  pinned?: boolean;
  /** A normalised tag name. */
  tagged?: string;
}

/** Limits a query builder to a page of `column` and orders it newest first (oldest for min_id). */
export function applyPageWindow<T extends object>(
  qb: SelectQueryBuilder<T>,
  column: string,
  page: PageWindow,
): SelectQueryBuilder<T> {
  if (page.maxId) qb.andWhere(`${column} < :pageMaxId`, { pageMaxId: page.maxId });
  if (page.sinceId) qb.andWhere(`${column} > :pageSinceId`, { pageSinceId: page.sinceId });
  if (page.minId) qb.andWhere(`${column} > :pageMinId`, { pageMinId: page.minId });
  return qb.orderBy(column, page.minId ? 'ASC' : 'DESC').limit(page.limit);
}

/** Rows fetched for a window, put back newest first. */
function toPage<T>(rows: Array<{ cursor: string; item: T }>, page: PageWindow): CursorPage<T> {
  const items = page.minId ? [...rows].reverse() : rows;
  return { items, full: rows.length >= page.limit };
}

/** Queries over statuses: loading with authors and reblogged statuses, threads, lists. */
@Injectable()
export class StatusRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Statuses by id with their author and, for reblogs, the reblogged status and its author:
   * two queries whatever the number. Deleted statuses only with `withDeleted`. Unordered.
   */
  async findWithRelations(
    ids: string[],
    options: { withDeleted?: boolean; manager?: EntityManager } = {},
  ): Promise<Status[]> {
    const manager = options.manager ?? this.dataSource.manager;
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const statuses = await this.loadWithAuthors(manager, unique, options.withDeleted ?? false);
    const reblogIds = [
      ...new Set(statuses.flatMap((status) => (status.reblogOfId ? [status.reblogOfId] : []))),
    ];
    if (reblogIds.length > 0) {
      const originals = new Map(
        (await this.loadWithAuthors(manager, reblogIds, false)).map((s) => [s.id, s]),
      );
      for (const status of statuses) {
        if (status.reblogOfId) status.reblog = originals.get(status.reblogOfId) ?? null;
      }
    }
    return statuses;
  }

  async findOneWithRelations(
    id: string,
    options: { withDeleted?: boolean; manager?: EntityManager } = {},
  ): Promise<Status | null> {
    const [status] = await this.findWithRelations([id], options);
    return status ?? null;
  }

  private loadWithAuthors(
    manager: EntityManager,
    ids: string[],
    withDeleted: boolean,
  ): Promise<Status[]> {
    const qb = manager
      .getRepository(Status)
      .createQueryBuilder('status')
      .innerJoinAndSelect('status.account', 'account')
      .where('status.id IN (:...ids)', { ids });
    if (!withDeleted) qb.andWhere('status.deleted_at IS NULL');
    return qb.getMany();
  }

  /**
   * Ids of an author's statuses for a profile, newest first, limited to the visibilities the
   * policy allows (plus private/direct ones mentioning the viewer when `mentionedViewerId`).
   */
  async accountStatusIds(
    authorId: string,
    scope: { visibilities: StatusVisibility[]; mentionedViewerId: string | null },
    filter: AccountStatusesFilter,
    page: PageWindow,
  ): Promise<CursorPage<string>> {
    const qb = this.dataSource
      .getRepository(Status)
      .createQueryBuilder('s')
      .select('s.id', 'id')
      .where('s.account_id = :authorId', { authorId })
      .andWhere('s.deleted_at IS NULL');
    qb.andWhere(
      new Brackets((where) => {
        where.where('s.visibility IN (:...visibilities)', { visibilities: scope.visibilities });
        if (scope.mentionedViewerId) {
          where.orWhere(
            `s.visibility IN (${StatusVisibility.Private}, ${StatusVisibility.Direct})
             AND EXISTS (SELECT 1 FROM mentions m WHERE m.status_id = s.id AND m.account_id = :viewerId)`,
            { viewerId: scope.mentionedViewerId },
          );
        }
      }),
    );
    if (filter.onlyMedia) {
      qb.andWhere('EXISTS (SELECT 1 FROM media_attachments ma WHERE ma.status_id = s.id)');
    }
    if (filter.excludeReplies) {
      qb.andWhere('(s.reply = false OR s.in_reply_to_account_id = s.account_id)');
    }
    if (filter.excludeReblogs) qb.andWhere('s.reblog_of_id IS NULL');
    if (filter.pinned) {
      qb.andWhere(
        'EXISTS (SELECT 1 FROM status_pins p WHERE p.status_id = s.id AND p.account_id = s.account_id)',
      );
    }
    if (filter.tagged) {
      qb.andWhere(
        `EXISTS (SELECT 1 FROM statuses_tags st JOIN tags t ON t.id = st.tag_id
                 WHERE st.status_id = s.id AND t.name = :tagged)`,
        { tagged: filter.tagged },
      );
    }
    applyPageWindow(qb, 's.id', page);
    const rows: Array<{ id: string }> = await qb.getRawMany();
    return toPage(
      rows.map((row) => ({ cursor: String(row.id), item: String(row.id) })),
      page,
    );
  }

  /**
   * Ids of the statuses above `status` in its thread, the nearest `limit` of them, oldest
   * first. The walk stops at a deleted status (what it replied to is out of the thread).
   */
  async ancestorIds(inReplyToId: string, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `WITH RECURSIVE up(id, in_reply_to_id, depth, path) AS (
         SELECT id, in_reply_to_id, 1, ARRAY[id] FROM statuses
           WHERE id = $1 AND deleted_at IS NULL
         UNION ALL
         SELECT s.id, s.in_reply_to_id, up.depth + 1, up.path || s.id
           FROM up JOIN statuses s ON s.id = up.in_reply_to_id
           WHERE s.deleted_at IS NULL AND NOT s.id = ANY(up.path) AND up.depth < $2
       )
       SELECT id::text AS id FROM up ORDER BY depth DESC`,
      [inReplyToId, limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Ids of the replies below a status, depth first (each reply followed by its own replies,
   * siblings oldest first), at most `limit`. Replies to deleted statuses are out of the thread.
   */
  async descendantIds(statusId: string, limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `WITH RECURSIVE down(id, path) AS (
         SELECT id, ARRAY[id] FROM statuses
           WHERE in_reply_to_id = $1 AND deleted_at IS NULL
         UNION ALL
         SELECT s.id, down.path || s.id
           FROM down JOIN statuses s ON s.in_reply_to_id = down.id
           WHERE s.deleted_at IS NULL AND NOT s.id = ANY(down.path)
       )
       SELECT id::text AS id FROM down ORDER BY path LIMIT $2`,
      [statusId, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Accounts that reblogged a status (live reblogs), by reblog id, with the reblog's visibility. */
  async rebloggedBy(
    statusId: string,
    page: PageWindow,
  ): Promise<CursorPage<{ account: Account; reblogId: string; visibility: StatusVisibility }>> {
    const qb = this.dataSource
      .getRepository(Status)
      .createQueryBuilder('s')
      .innerJoinAndSelect('s.account', 'account')
      .where('s.reblog_of_id = :statusId', { statusId })
      .andWhere('s.deleted_at IS NULL');
    applyPageWindow(qb, 's.id', page);
    const rows = await qb.getMany();
    return toPage(
      rows.map((row) => ({
        cursor: row.id,
        item: { account: row.account!, reblogId: row.id, visibility: row.visibility },
      })),
      page,
    );
  }

  /** Accounts that favourited a status, by favourite id. */
  async favouritedBy(statusId: string, page: PageWindow): Promise<CursorPage<Account>> {
    const qb = this.dataSource
      .createQueryBuilder()
      .select('f.id', 'cursor')
      .addSelect('f.account_id', 'account_id')
      .from('favourites', 'f')
      .where('f.status_id = :statusId', { statusId });
    applyPageWindow(qb, 'f.id', page);
    const rows: Array<{ cursor: string; account_id: string }> = await qb.getRawMany();
    const accounts = rows.length
      ? await this.dataSource
          .getRepository(Account)
          .createQueryBuilder('a')
          .where('a.id IN (:...ids)', { ids: rows.map((row) => String(row.account_id)) })
          .getMany()
      : [];
    const byId = new Map(accounts.map((account) => [account.id, account]));
    return toPage(
      rows.flatMap((row) => {
        const account = byId.get(String(row.account_id));
        return account ? [{ cursor: String(row.cursor), item: account }] : [];
      }),
      page,
    );
  }

  /** Status ids the account favourited or bookmarked, by row id (live statuses only). */
  async markedStatusIds(
    table: 'favourites' | 'bookmarks',
    accountId: string,
    page: PageWindow,
  ): Promise<CursorPage<string>> {
    const qb = this.dataSource
      .createQueryBuilder()
      .select('m.id', 'cursor')
      .addSelect('m.status_id', 'status_id')
      .from(table, 'm')
      .innerJoin('statuses', 's', 's.id = m.status_id AND s.deleted_at IS NULL')
      .where('m.account_id = :accountId', { accountId });
    applyPageWindow(qb, 'm.id', page);
    const rows: Array<{ cursor: string; status_id: string }> = await qb.getRawMany();
    return toPage(
      rows.map((row) => ({ cursor: String(row.cursor), item: String(row.status_id) })),
      page,
    );
  }
}
