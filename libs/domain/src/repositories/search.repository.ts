import { Injectable } from '@nestjs/common';
import { DataSource, FindOptionsWhere, In } from 'typeorm';
import { Account } from '../entities/account.entity';
import { Tag } from '../entities/tag.entity';
import { domainNotBlockedBy, searchableAccount } from './directory.repository';
import { notExcludedBy } from './relationship-lists.repository';

/** A word or phrase of a status search; negated ones must not appear. */
export interface StatusSearchTerm {
  text: string;
  phrase: boolean;
  negated: boolean;
}

/** A filter of a status search, with `from:` already resolved to an account id. */
export type StatusSearchCondition =
  | { kind: 'account'; accountId: string; negated: boolean }
  | { kind: 'language'; language: string; negated: boolean }
  | { kind: 'property'; property: string; negated: boolean }
  | { kind: 'before' | 'after' | 'during'; date: string; negated: boolean };

export interface StatusSearchCriteria {
  viewerId: string;
  terms: StatusSearchTerm[];
  conditions: StatusSearchCondition[];
  /** all: the library and public posts of indexable accounts; library: the viewer's own,
   * mentioning, favourited, bookmarked, reblogged or voted; public: indexable public posts. */
  scope: 'all' | 'library' | 'public';
  /** Language whose stemming applies to the words, besides their exact form. */
  stemLanguage: string | null;
  accountId: string | null;
  maxId: string | null;
  minId: string | null;
  offset: number;
  limit: number;
}

export interface AccountSearchCriteria {
  viewerId: string | null;
  /** Lower-cased username (prefix), and what followed `@` when the query had a domain. */
  username: string;
  /** undefined: any domain; null: this server; else a domain prefix. */
  domain: string | null | undefined;
  /** The whole query, matched inside display names when no domain was given. */
  text: string;
  following: boolean;
  offset: number;
  limit: number;
}

export interface TagSearchCriteria {
  prefix: string;
  reviewedOnly: boolean;
  offset: number;
  limit: number;
}

/** Which search indexes `rebuild` renews. */
export const SEARCH_INDEXES = {
  statuses: ['index_statuses_on_search_vector'],
  accounts: ['index_accounts_on_username_trgm', 'index_accounts_on_display_name_trgm'],
  tags: ['index_tags_on_name'],
} as const;
export type SearchIndexKind = keyof typeof SEARCH_INDEXES;

/** Positional parameters gathered while a query is written: `bind(v)` answers `$n`. */
function binder() {
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  return { params, bind };
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, '\\$&');

/** The SQL of one `has:`/`is:` property on status alias `s`; an unknown one matches nothing. */
function propertySql(property: string): string {
  const media = (types: string) =>
    `EXISTS (SELECT 1 FROM media_attachments ma WHERE ma.status_id = s.id${types})`;
  switch (property) {
    case 'media':
      return media('');
    case 'image':
      return media(` AND ma.type IN ('image', 'gifv')`);
    case 'video':
      return media(` AND ma.type IN ('video', 'gifv')`);
    case 'audio':
      return media(` AND ma.type = 'audio'`);
    case 'poll':
      return 's.poll_id IS NOT NULL';
    case 'link':
      return 'EXISTS (SELECT 1 FROM preview_cards_statuses pcs WHERE pcs.status_id = s.id)';
    case 'embed':
      // A video card (a player), as Mastodon's `embed` property.
      return `EXISTS (SELECT 1 FROM preview_cards_statuses pcs
                        JOIN preview_cards pc ON pc.id = pcs.preview_card_id
                       WHERE pcs.status_id = s.id AND pc.type = 2)`;
    case 'reply':
      return 's.reply';
    case 'sensitive':
      return 's.sensitive';
    default:
      return 'FALSE';
  }
}

/**
 * Search over PostgreSQL: statuses by full text on the generated `search_vector`, accounts by
 * username/display name (trigram-indexed LIKE), hashtags by name prefix.
 */
@Injectable()
export class SearchRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Ids of matching statuses the viewer may search, newest first. */
  async statusIds(criteria: StatusSearchCriteria): Promise<string[]> {
    const { params, bind } = binder();
    const viewer = bind(criteria.viewerId);
    const conditions = [
      's.deleted_at IS NULL',
      's.reblog_of_id IS NULL',
      'a.suspended_at IS NULL',
      notExcludedBy(viewer),
      domainNotBlockedBy(viewer),
    ];
    const publicPosts = 's.visibility = 0 AND a.indexable';
    const library = `(s.account_id = ${viewer}
      OR EXISTS (SELECT 1 FROM mentions m WHERE m.status_id = s.id AND m.account_id = ${viewer})
      OR EXISTS (SELECT 1 FROM favourites f WHERE f.status_id = s.id AND f.account_id = ${viewer})
      OR EXISTS (SELECT 1 FROM bookmarks b WHERE b.status_id = s.id AND b.account_id = ${viewer})
      OR EXISTS (SELECT 1 FROM statuses r WHERE r.reblog_of_id = s.id AND r.account_id = ${viewer}
                   AND r.deleted_at IS NULL)
      OR EXISTS (SELECT 1 FROM poll_votes v WHERE v.poll_id = s.poll_id AND v.account_id = ${viewer}))`;
    conditions.push(
      criteria.scope === 'library'
        ? library
        : criteria.scope === 'public'
          ? publicPosts
          : `((${publicPosts}) OR ${library})`,
    );

    if (criteria.terms.length > 0) {
      const stem = bind(criteria.stemLanguage);
      const query = criteria.terms
        .map((term) => {
          const parse = term.phrase ? 'phraseto_tsquery' : 'plainto_tsquery';
          const text = bind(term.text);
          const either = `(${parse}('simple', ${text}) || ${parse}(status_search_config(${stem}), ${text}))`;
          return term.negated ? `!!${either}` : either;
        })
        .join(' && ');
      conditions.push(`s.search_vector @@ (${query})`);
    }
    for (const condition of criteria.conditions) {
      let sql: string;
      switch (condition.kind) {
        case 'account':
          sql = `s.account_id = ${bind(condition.accountId)}`;
          break;
        case 'language':
          sql = `s.language IS NOT NULL AND s.language = ${bind(condition.language)}`;
          break;
        case 'property':
          sql = propertySql(condition.property);
          break;
        default: {
          const day = `(${bind(condition.date)}::date::timestamp AT TIME ZONE 'UTC')`;
          const next = `${day} + interval '1 day'`;
          sql =
            condition.kind === 'before'
              ? `s.created_at < ${day}`
              : condition.kind === 'after'
                ? `s.created_at >= ${next}`
                : `s.created_at >= ${day} AND s.created_at < ${next}`;
        }
      }
      conditions.push(condition.negated ? `NOT (${sql})` : `(${sql})`);
    }
    if (criteria.accountId) conditions.push(`s.account_id = ${bind(criteria.accountId)}`);
    if (criteria.maxId) conditions.push(`s.id < ${bind(criteria.maxId)}`);
    if (criteria.minId) conditions.push(`s.id > ${bind(criteria.minId)}`);
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT s.id FROM statuses s JOIN accounts a ON a.id = s.account_id
        WHERE ${conditions.join(' AND ')}
        ORDER BY s.id DESC OFFSET ${bind(criteria.offset)} LIMIT ${bind(criteria.limit)}`,
      params,
    );
    return rows.map((row) => String(row.id));
  }

  /**
   * Accounts by username prefix (and domain prefix) or display name, followed accounts first,
   * then the exact username, local ones, and the most followed.
   */
  async accounts(criteria: AccountSearchCriteria): Promise<Account[]> {
    const { params, bind } = binder();
    const username = bind(criteria.username);
    let handle = `lower(a.username) LIKE ${bind(likeEscape(criteria.username) + '%')}`;
    if (criteria.domain === null) handle += ' AND a.domain IS NULL';
    else if (criteria.domain !== undefined) {
      handle += ` AND lower(a.domain) LIKE ${bind(likeEscape(criteria.domain) + '%')}`;
    }
    const match =
      criteria.domain === undefined && criteria.text !== ''
        ? `(${handle} OR lower(a.display_name) LIKE ${bind(
            '%' + likeEscape(criteria.text.toLowerCase()) + '%',
          )})`
        : `(${handle})`;
    const conditions = [searchableAccount(), match];
    const order = [
      `lower(a.username) = ${username} DESC`,
      'a.domain IS NULL DESC',
      'COALESCE(st.followers_count, 0) DESC',
      'a.id',
    ];
    if (criteria.viewerId) {
      const viewer = bind(criteria.viewerId);
      conditions.push(`(a.id = ${viewer} OR (${notExcludedBy(viewer)}))`);
      const followed = `EXISTS (SELECT 1 FROM follows f
                                 WHERE f.account_id = ${viewer} AND f.target_account_id = a.id)`;
      if (criteria.following) conditions.push(followed);
      else order.unshift(`${followed} DESC`);
    }
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT a.id FROM accounts a LEFT JOIN account_stats st ON st.account_id = a.id
        WHERE ${conditions.join(' AND ')}
        ORDER BY ${order.join(', ')}
        OFFSET ${bind(criteria.offset)} LIMIT ${bind(criteria.limit)}`,
      params,
    );
    return this.inOrder(Account, rows);
  }

  /** Listable hashtags starting with `prefix`, shortest first (so an exact match leads). */
  async tags(criteria: TagSearchCriteria): Promise<Tag[]> {
    const reviewed = criteria.reviewedOnly ? 'AND t.reviewed_at IS NOT NULL' : '';
    const rows: Array<{ id: string }> = await this.dataSource.query(
      `SELECT t.id FROM tags t
        WHERE t.name LIKE $1 AND t.listable IS NOT FALSE ${reviewed}
        ORDER BY length(t.name), t.name OFFSET $2 LIMIT $3`,
      [likeEscape(criteria.prefix) + '%', criteria.offset, criteria.limit],
    );
    return this.inOrder(Tag, rows);
  }

  /** Rebuilds the given search indexes (REINDEX CONCURRENTLY: reads and writes go on). */
  async rebuild(kind: SearchIndexKind): Promise<string[]> {
    const existing: Array<{ name: string }> = await this.dataSource.query(
      `SELECT indexname AS name FROM pg_indexes WHERE indexname = ANY($1)`,
      [[...SEARCH_INDEXES[kind]]],
    );
    for (const { name } of existing) {
      await this.dataSource.query(`REINDEX INDEX CONCURRENTLY "${name}"`);
    }
    return existing.map((row) => row.name);
  }

  private async inOrder<T extends { id: string }>(
    entity: new () => T,
    rows: Array<{ id: string }>,
  ): Promise<T[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => String(row.id));
    const found = await this.dataSource
      .getRepository(entity)
      .findBy({ id: In(ids) } as unknown as FindOptionsWhere<T>);
    const byId = new Map(found.map((row) => [String(row.id), row]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}
