import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Account } from '../entities/account.entity';
import { StatusEdit } from '../entities/status-edit.entity';
import { Status, StatusVisibility } from '../entities/status.entity';
import { ReadReplica } from '../read-replica';
import { Transaction } from '../transactions';
import { IdPage, idPageSql } from './id-paging';
import { EntityRowMapper, queryPrepared, queryPreparedArrays } from './raw-rows';
import { emptyMarks, LiveStatusFacts } from './status-page.repository';
import { emptyRelationSets, ViewerRelationSets } from './viewer-relations.repository';

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

/** Rows read for a window, put back newest first. */
function toPage<T>(
  rows: Array<{ cursor: string; item: T }>,
  page: IdPage,
  reverse: boolean,
): CursorPage<T> {
  return { items: reverse ? [...rows].reverse() : rows, full: rows.length >= page.limit };
}

/** Account columns a page of statuses never needs (keys are large). */
const SKIPPED_ACCOUNT_COLUMNS: ReadonlySet<string> = new Set(['publicKey']);

/** One SELECT of statuses with authors and reblogged statuses, and how to read its rows. */
interface StatusRowsQuery {
  status: EntityRowMapper<Status>;
  account: EntityRowMapper<Account>;
  reblog: EntityRowMapper<Status>;
  reblogAccount: EntityRowMapper<Account>;
  sql: string;
}

/** The viewer's relations read per shown status, in this order (see viewerFlagsSql). */
const VIEWER_FLAGS = [
  'following',
  'blocking',
  'blockedBy',
  'muting',
  'domainBlocking',
  'mentionedIn',
] as const satisfies ReadonlyArray<keyof ViewerRelationSets>;

/**
 * Whether viewer $3 follows, blocks, is blocked by, mutes (a live mute) the author (`account`)
 * of `status`, blocks the author's domain, and is mentioned in the status: VIEWER_FLAGS, as
 * ViewerRelationsRepository.load reads them. All false when the status is absent.
 */
function viewerFlagsSql(status: string, account: string): string {
  return `EXISTS (SELECT 1 FROM follows WHERE account_id = $3::bigint AND target_account_id = ${account}.id),
    EXISTS (SELECT 1 FROM blocks WHERE account_id = $3::bigint AND target_account_id = ${account}.id),
    EXISTS (SELECT 1 FROM blocks WHERE account_id = ${account}.id AND target_account_id = $3::bigint),
    EXISTS (SELECT 1 FROM mutes WHERE account_id = $3::bigint AND target_account_id = ${account}.id
              AND (expires_at IS NULL OR expires_at > now())),
    EXISTS (SELECT 1 FROM account_domain_blocks WHERE account_id = $3::bigint AND domain = ${account}.domain),
    EXISTS (SELECT 1 FROM mentions WHERE account_id = $3::bigint AND status_id = ${status}.id)`;
}

/**
 * What a cached rendering of `status` (by `account`) lacks, for viewer $3 (see
 * StatusPageRepository.liveFacts): its counters (`stats`, status_stats, null without a row),
 * whether the viewer favourited, reblogged, bookmarked, pinned it or muted its conversation
 * (LIVE_MARKS), and its author's counters (`accountStats`, account_stats).
 */
function liveFactsSql(status: string, stats: string, accountStats: string): string {
  return `${stats}.replies_count, ${stats}.reblogs_count, ${stats}.favourites_count, ${stats}.quotes_count,
    EXISTS (SELECT 1 FROM favourites WHERE account_id = $3::bigint AND status_id = ${status}.id),
    EXISTS (SELECT 1 FROM statuses WHERE account_id = $3::bigint AND reblog_of_id = ${status}.id
              AND deleted_at IS NULL),
    EXISTS (SELECT 1 FROM bookmarks WHERE account_id = $3::bigint AND status_id = ${status}.id),
    EXISTS (SELECT 1 FROM status_pins WHERE account_id = $3::bigint AND status_id = ${status}.id),
    EXISTS (SELECT 1 FROM conversation_mutes WHERE account_id = $3::bigint
              AND conversation_id = ${status}.conversation_id),
    ${accountStats}.account_id, ${accountStats}.statuses_count, ${accountStats}.following_count,
    ${accountStats}.followers_count,
    to_char(${accountStats}.last_status_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
}
const LIVE_MARKS = ['favourited', 'reblogged', 'bookmarked', 'pinned'] as const;
/** Columns of liveFactsSql. */
const LIVE_FACTS_WIDTH = 4 + LIVE_MARKS.length + 1 + 5;

/** Reads liveFactsSql's columns (from `row[at]`) of a shown status into `live`. */
function readLiveFacts(row: unknown[], at: number, status: Status, live: LiveStatusFacts): void {
  if (row[at] !== null) {
    live.counts.set(status.id, {
      repliesCount: Number(row[at]),
      reblogsCount: Number(row[at + 1]),
      favouritesCount: Number(row[at + 2]),
      quotesCount: Number(row[at + 3]),
    });
  }
  LIVE_MARKS.forEach((mark, index) => {
    if (row[at + 4 + index] === true) live.viewer![mark].add(status.id);
  });
  if (row[at + 8] === true && status.conversationId) {
    live.viewer!.mutedConversations.add(status.conversationId);
  }
  if (row[at + 9] !== null) {
    live.authors.set(status.accountId, {
      statusesCount: Number(row[at + 10]),
      followingCount: Number(row[at + 11]),
      followersCount: Number(row[at + 12]),
      lastStatusDate: row[at + 13] as string | null,
    });
  }
}

/** The statuses in the order of `ids` (missing ones left out). */
function inOrder(ids: string[], statuses: Status[]): Status[] {
  const byId = new Map(statuses.map((status) => [status.id, status]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/** Queries over statuses: loading with authors and reblogged statuses, threads, lists. */
@Injectable()
export class StatusRepository {
  private mappers?: { page: StatusRowsQuery; full: StatusRowsQuery; viewed: StatusRowsQuery };

  constructor(
    private readonly dataSource: DataSource,
    private readonly replica: ReadReplica,
  ) {}

  /**
   * Statuses by id with their author and, for reblogs, the reblogged status and its author:
   * one prepared query whatever the number (in the transaction `tx` when given). Deleted
   * statuses only with `withDeleted`. Unordered.
   */
  async findWithRelations(
    ids: string[],
    options: { withDeleted?: boolean; tx?: Transaction } = {},
  ): Promise<Status[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    return this.readRows(
      this.rowQueries().full,
      [unique, options.withDeleted ?? false],
      options.tx,
    );
  }

  /** The id of the status whose ActivityPub id is `uri` (remote statuses keep theirs), deleted ones too. */
  async findByUri(
    uri: string,
  ): Promise<{ id: string; accountId: string; deleted: boolean } | null> {
    const [row] = (await this.dataSource.query(
      `SELECT id::text AS id, account_id::text AS account_id, deleted_at IS NOT NULL AS deleted
         FROM statuses WHERE uri = $1`,
      [uri],
    )) as Array<{ id: string; account_id: string; deleted: boolean }>;
    return row ? { id: row.id, accountId: row.account_id, deleted: row.deleted } : null;
  }

  /** The status an account posted with this Idempotency-Key within `withinSeconds`. */
  async findIdByIdempotencyKey(
    accountId: string,
    key: string,
    withinSeconds: number,
  ): Promise<string | null> {
    const [row] = (await this.dataSource.query(
      `SELECT status_id::text AS id FROM status_idempotency_keys
         WHERE account_id = $1 AND key = $2 AND created_at > now() - make_interval(secs => $3)`,
      [accountId, key, withinSeconds],
    )) as Array<{ id: string }>;
    return row?.id ?? null;
  }

  async findOneWithRelations(
    id: string,
    options: { withDeleted?: boolean; tx?: Transaction } = {},
  ): Promise<Status | null> {
    const [status] = await this.findWithRelations([id], options);
    return status ?? null;
  }

  /**
   * A page of live statuses in the order of `ids`, with authors and reblogged statuses (and
   * theirs), in one prepared query mapped by EntityRowMapper: the timelines' hot path. Equal to
   * findWithRelations but for the authors' public keys, which pages never need.
   */
  async findPage(ids: string[]): Promise<Status[]> {
    if (ids.length === 0) return [];
    return inOrder(ids, await this.readRows(this.rowQueries().page, [ids, false]));
  }

  /**
   * findPage, and in the same query the viewer's relations to what the page shows (the
   * relations ViewerRelationsRepository.load reads for the statuses, their reblogged statuses,
   * their authors and the authors' domains) and what rendering them from the cache needs
   * (StatusPageRepository.liveFacts): one query where a timeline page made three.
   */
  async findPageViewedBy(
    ids: string[],
    viewerId: string,
  ): Promise<{ statuses: Status[]; relations: ViewerRelationSets; live: LiveStatusFacts }> {
    const relations = emptyRelationSets();
    const live: LiveStatusFacts = {
      counts: new Map(),
      viewer: emptyMarks(),
      authors: new Map(),
    };
    if (ids.length === 0) return { statuses: [], relations, live };
    const query = this.rowQueries().viewed;
    const flagsAt = 2 * (query.status.width + query.account.width);
    const liveAt = flagsAt + 2 * VIEWER_FLAGS.length;
    const statuses = await this.readRows(
      query,
      [ids, false, viewerId],
      undefined,
      (row, status) => {
        const shown = status.reblog ? [status, status.reblog] : [status];
        shown.forEach((item, index) => {
          const flags = row.slice(flagsAt + index * VIEWER_FLAGS.length);
          VIEWER_FLAGS.forEach((set, at) => {
            if (flags[at] !== true) return;
            if (set === 'domainBlocking') relations.domainBlocking.add(item.account!.domain!);
            else if (set === 'mentionedIn') relations.mentionedIn.add(item.id);
            else relations[set].add(item.accountId);
          });
          readLiveFacts(row, liveAt + index * LIVE_FACTS_WIDTH, item, live);
        });
      },
    );
    return { statuses: inOrder(ids, statuses), relations, live };
  }

  /** Statuses with their authors and reblogged statuses (and theirs) from one of rowQueries. */
  private async readRows(
    query: StatusRowsQuery,
    values: unknown[],
    tx?: Transaction,
    /** Reads a row's columns after the statuses' (rowQueries' `viewed`). */
    readRest?: (row: unknown[], status: Status) => void,
  ): Promise<Status[]> {
    const rows = await queryPreparedArrays(this.dataSource, query.sql, values, tx);
    const { status: statusRow, account, reblog: reblogRow, reblogAccount } = query;
    const reblogAt = statusRow.width + account.width;
    return rows.map((row) => {
      const status = statusRow.build(row, 0);
      // Not in a transaction: what the row shows there may not be committed, and a rendering
      // kept under its versions would be read by others.
      if (!tx) status.renderEpoch = row[row.length - 1] as string;
      status.account = account.build(row, statusRow.width);
      if (status.reblogOfId) {
        if (reblogRow.isNull(row, reblogAt)) {
          status.reblog = null;
        } else {
          const reblog = reblogRow.build(row, reblogAt);
          if (!tx) reblog.renderEpoch = status.renderEpoch;
          reblog.account = reblogAccount.build(row, reblogAt + statusRow.width);
          status.reblog = reblog;
        }
      }
      readRest?.(row, status);
      return status;
    });
  }

  /**
   * The statuses of ids $1 (deleted ones too when $2) with authors and live reblogged statuses:
   * `page` leaves out the authors' public keys (timelines never need them), `full` has them,
   * `viewed` is `page` followed by the VIEWER_FLAGS of viewer $3 for the status and then for
   * its reblogged status, then their liveFactsSql. Each ends with the render epoch.
   */
  private rowQueries(): NonNullable<StatusRepository['mappers']> {
    if (!this.mappers) {
      const query = (skipped: ReadonlySet<string>, rest = '', joins = ''): StatusRowsQuery => {
        const status = new EntityRowMapper(this.dataSource, Status, 's');
        const account = new EntityRowMapper(this.dataSource, Account, 'a', skipped);
        const reblog = new EntityRowMapper(this.dataSource, Status, 'r');
        const reblogAccount = new EntityRowMapper(this.dataSource, Account, 'ra', skipped);
        const sql = `SELECT ${status.select}, ${account.select}, ${reblog.select}, ${reblogAccount.select}${rest},
                 (SELECT version::text FROM render_epoch)
            FROM statuses s
            JOIN accounts a ON a.id = s.account_id
            LEFT JOIN statuses r ON r.id = s.reblog_of_id AND r.deleted_at IS NULL
            LEFT JOIN accounts ra ON ra.id = r.account_id${joins}
           WHERE s.id = ANY($1::bigint[]) AND ($2::boolean OR s.deleted_at IS NULL)`;
        return { status, account, reblog, reblogAccount, sql };
      };
      this.mappers = {
        page: query(SKIPPED_ACCOUNT_COLUMNS),
        full: query(new Set()),
        viewed: query(
          SKIPPED_ACCOUNT_COLUMNS,
          `, ${viewerFlagsSql('s', 'a')}, ${viewerFlagsSql('r', 'ra')},
             ${liveFactsSql('s', 'ss', 'sa')}, ${liveFactsSql('r', 'rs', 'rsa')}`,
          `
            LEFT JOIN status_stats ss ON ss.status_id = s.id
            LEFT JOIN account_stats sa ON sa.account_id = s.account_id
            LEFT JOIN status_stats rs ON rs.status_id = r.id
            LEFT JOIN account_stats rsa ON rsa.account_id = r.account_id`,
        ),
      };
    }
    return this.mappers;
  }

  /**
   * Ids of an author's statuses for a profile, newest first, limited to the visibilities the
   * policy allows (plus private/direct ones mentioning the viewer when `mentionedViewerId`).
   */
  async accountStatusIds(
    authorId: string,
    scope: { visibilities: StatusVisibility[]; mentionedViewerId: string | null },
    filter: AccountStatusesFilter,
    page: IdPage,
  ): Promise<CursorPage<string>> {
    const params: unknown[] = [authorId, scope.visibilities];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const visible = scope.mentionedViewerId
      ? `(s.visibility = ANY($2::smallint[])
          OR (s.visibility IN (${StatusVisibility.Private}, ${StatusVisibility.Direct})
              AND EXISTS (SELECT 1 FROM mentions m
                           WHERE m.status_id = s.id AND m.account_id = ${bind(scope.mentionedViewerId)})))`
      : 's.visibility = ANY($2::smallint[])';
    const conditions = ['s.account_id = $1', 's.deleted_at IS NULL', visible];
    if (filter.onlyMedia) {
      conditions.push('EXISTS (SELECT 1 FROM media_attachments ma WHERE ma.status_id = s.id)');
    }
    if (filter.excludeReplies) {
      conditions.push('(s.reply = false OR s.in_reply_to_account_id = s.account_id)');
    }
    if (filter.excludeReblogs) conditions.push('s.reblog_of_id IS NULL');
    if (filter.pinned) {
      conditions.push(
        'EXISTS (SELECT 1 FROM status_pins p WHERE p.status_id = s.id AND p.account_id = s.account_id)',
      );
    }
    if (filter.tagged) {
      conditions.push(
        `EXISTS (SELECT 1 FROM statuses_tags st JOIN tags t ON t.id = st.tag_id
                 WHERE st.status_id = s.id AND t.name = ${bind(filter.tagged)})`,
      );
    }
    const { tail, reverse } = idPageSql('s.id', page, conditions, params);
    const rows = await this.replica.query<{ id: string }>(
      `SELECT s.id::text AS id FROM statuses s WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    return toPage(
      rows.map((row) => ({ cursor: row.id, item: row.id })),
      page,
      reverse,
    );
  }

  /**
   * The thread around a status, in one prepared query: the ids above it (the nearest `limit`,
   * oldest first; the walk stops at a deleted status, as what it replied to is out of the
   * thread) and below it (depth first, each reply followed by its own replies, siblings oldest
   * first, at most `limit`; replies to deleted statuses are out of the thread).
   */
  async threadIds(
    statusId: string,
    limit: number,
  ): Promise<{ ancestors: string[]; descendants: string[] }> {
    const rows = await queryPrepared<{ above: boolean; id: string }>(
      this.dataSource,
      `WITH RECURSIVE up(id, in_reply_to_id, depth, path) AS (
         SELECT id, in_reply_to_id, 1, ARRAY[id] FROM statuses
           WHERE id = (SELECT in_reply_to_id FROM statuses WHERE id = $1) AND deleted_at IS NULL
         UNION ALL
         SELECT s.id, s.in_reply_to_id, up.depth + 1, up.path || s.id
           FROM up JOIN statuses s ON s.id = up.in_reply_to_id
           WHERE s.deleted_at IS NULL AND NOT s.id = ANY(up.path) AND up.depth < $2
       ), down(id, path) AS (
         SELECT id, ARRAY[id] FROM statuses
           WHERE in_reply_to_id = $1 AND deleted_at IS NULL
         UNION ALL
         SELECT s.id, down.path || s.id
           FROM down JOIN statuses s ON s.in_reply_to_id = down.id
           WHERE s.deleted_at IS NULL AND NOT s.id = ANY(down.path)
       ), below AS (
         SELECT id, row_number() OVER (ORDER BY path) AS place FROM down ORDER BY path LIMIT $2
       )
       SELECT true AS above, id::text AS id, -depth AS place FROM up
       UNION ALL
       SELECT false, id::text, place FROM below
       ORDER BY above DESC, place`,
      [statusId, limit],
    );
    const pick = (above: boolean) => rows.filter((row) => row.above === above).map((row) => row.id);
    return { ancestors: pick(true), descendants: pick(false) };
  }

  /** Accounts that reblogged a status (live reblogs), by reblog id, with the reblog's visibility. */
  async rebloggedBy(
    statusId: string,
    page: IdPage,
  ): Promise<CursorPage<{ account: Account; reblogId: string; visibility: StatusVisibility }>> {
    const params: unknown[] = [statusId];
    const conditions = ['s.reblog_of_id = $1', 's.deleted_at IS NULL'];
    const { tail, reverse } = idPageSql('s.id', page, conditions, params);
    const rows: Array<{ id: string; visibility: StatusVisibility; account_id: string }> =
      await this.dataSource.query(
        `SELECT s.id::text AS id, s.visibility, s.account_id::text AS account_id
           FROM statuses s WHERE ${conditions.join(' AND ')} ${tail}`,
        params,
      );
    const accounts = await this.accountsById(rows.map((row) => row.account_id));
    return toPage(
      rows.flatMap((row) => {
        const account = accounts.get(row.account_id);
        return account
          ? [{ cursor: row.id, item: { account, reblogId: row.id, visibility: row.visibility } }]
          : [];
      }),
      page,
      reverse,
    );
  }

  /** Accounts that favourited a status, by favourite id. */
  async favouritedBy(statusId: string, page: IdPage): Promise<CursorPage<Account>> {
    const params: unknown[] = [statusId];
    const conditions = ['f.status_id = $1'];
    const { tail, reverse } = idPageSql('f.id', page, conditions, params);
    const rows: Array<{ cursor: string; account_id: string }> = await this.dataSource.query(
      `SELECT f.id::text AS cursor, f.account_id::text AS account_id
         FROM favourites f WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    const accounts = await this.accountsById(rows.map((row) => row.account_id));
    return toPage(
      rows.flatMap((row) => {
        const account = accounts.get(row.account_id);
        return account ? [{ cursor: row.cursor, item: account }] : [];
      }),
      page,
      reverse,
    );
  }

  private async accountsById(ids: string[]): Promise<Map<string, Account>> {
    if (ids.length === 0) return new Map();
    const accounts = await this.dataSource
      .getRepository(Account)
      .createQueryBuilder('a')
      .where('a.id IN (:...ids)', { ids: [...new Set(ids)] })
      .getMany();
    return new Map(accounts.map((account) => [account.id, account]));
  }

  /** Status ids the account favourited or bookmarked, by row id (live statuses only). */
  async markedStatusIds(
    table: 'favourites' | 'bookmarks',
    accountId: string,
    page: IdPage,
  ): Promise<CursorPage<string>> {
    const params: unknown[] = [accountId];
    const conditions = ['m.account_id = $1'];
    const { tail, reverse } = idPageSql('m.id', page, conditions, params);
    const rows: Array<{ cursor: string; status_id: string }> = await this.dataSource.query(
      `SELECT m.id::text AS cursor, m.status_id::text AS status_id FROM ${table} m
         JOIN statuses s ON s.id = m.status_id AND s.deleted_at IS NULL
        WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    return toPage(
      rows.map((row) => ({ cursor: row.cursor, item: row.status_id })),
      page,
      reverse,
    );
  }

  /** The id of the account's live reblog of a status, if any. */
  async liveReblogId(accountId: string, reblogOfId: string): Promise<string | null> {
    const [row]: Array<{ id: string }> = await this.dataSource.query(
      `SELECT id::text AS id FROM statuses
        WHERE account_id = $1 AND reblog_of_id = $2 AND deleted_at IS NULL`,
      [accountId, reblogOfId],
    );
    return row?.id ?? null;
  }

  /** The ids of a status's hashtags. */
  async tagIds(statusId: string): Promise<string[]> {
    const rows: Array<{ tag_id: string }> = await this.dataSource.query(
      `SELECT tag_id::text AS tag_id FROM statuses_tags WHERE status_id = $1`,
      [statusId],
    );
    return rows.map((row) => row.tag_id);
  }

  /** Every version of a status, oldest first. */
  edits(statusId: string): Promise<StatusEdit[]> {
    return this.dataSource
      .getRepository(StatusEdit)
      .find({ where: { statusId }, order: { id: 'ASC' } });
  }
}
