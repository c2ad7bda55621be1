import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ReadReplica } from '../read-replica';
import { IdPage, idPageSql } from './id-paging';

export interface PublicTimelineFilter {
  /** Only local statuses (true), only remote ones (false), or both (null). */
  local: boolean | null;
  onlyMedia: boolean;
}

/** Who reads a database timeline: their blocks, mutes, domain blocks and languages apply. */
export interface TimelineReader {
  id: string;
  /** Languages the reader chose; empty or null: every language. */
  languages: string[] | null;
}

export interface TagTimelineSelection {
  /** Statuses with any of these tags (ids)… */
  anyTagIds: string[];
  /** …with every one of these… */
  allTagIds: string[];
  /** …and none of these. */
  noneTagIds: string[];
}

/**
 * The public and hashtag timelines, read from PostgreSQL: public originals (partial indexes on
 * statuses) or statuses_tags by tag, of authors neither suspended nor silenced, without the
 * reader's blocks (either way), mutes and blocked domains, in the reader's languages.
 */
@Injectable()
export class TimelineRepository {
  constructor(
    private readonly dataSource: DataSource,
    private readonly replica: ReadReplica,
  ) {}

  /** Ids of a page of the public timeline, newest first. */
  publicStatusIds(
    filter: PublicTimelineFilter,
    reader: TimelineReader | null,
    page: IdPage,
  ): Promise<string[]> {
    const query = new TimelineQuery(filter);
    query.conditions.push('(s.reply = false OR s.in_reply_to_account_id = s.account_id)');
    return this.run(query, `SELECT s.id AS id FROM statuses s`, 's.id', reader, page);
  }

  /** Ids of a page of a hashtag timeline, newest first. */
  tagStatusIds(
    tags: TagTimelineSelection,
    filter: PublicTimelineFilter,
    reader: TimelineReader | null,
    page: IdPage,
  ): Promise<string[]> {
    const query = new TimelineQuery(filter);
    for (const tagId of tags.allTagIds) {
      query.conditions.push(
        `EXISTS (SELECT 1 FROM statuses_tags a WHERE a.status_id = s.id AND a.tag_id = ${query.bind(tagId)}::bigint)`,
      );
    }
    if (tags.noneTagIds.length) {
      query.conditions.push(
        `NOT EXISTS (SELECT 1 FROM statuses_tags n WHERE n.status_id = s.id AND n.tag_id = ANY(${query.bind(tags.noneTagIds)}::bigint[]))`,
      );
    }
    // One tag reads the statuses_tags primary key backwards; several need DISTINCT.
    if (tags.anyTagIds.length === 1) {
      query.conditions.unshift(`st.tag_id = ${query.bind(tags.anyTagIds[0])}::bigint`);
      const source = `SELECT st.status_id AS id FROM statuses_tags st
        JOIN statuses s ON s.id = st.status_id`;
      return this.run(query, source, 'st.status_id', reader, page);
    }
    const source = `SELECT DISTINCT s.id AS id FROM statuses_tags st
      JOIN statuses s ON s.id = st.status_id AND st.tag_id = ANY(${query.bind(tags.anyTagIds)}::bigint[])`;
    return this.run(query, source, 's.id', reader, page);
  }

  /** Tag ids by normalised name (unknown names are left out). */
  async tagIdsByName(names: string[]): Promise<Map<string, string>> {
    const rows: Array<{ id: string; name: string }> = await this.dataSource.query(
      `SELECT id::text, name FROM tags WHERE name = ANY($1::varchar[])`,
      [[...new Set(names)]],
    );
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  private async run(
    query: TimelineQuery,
    source: string,
    column: string,
    reader: TimelineReader | null,
    page: IdPage,
  ): Promise<string[]> {
    const { conditions, params } = query;
    conditions.push(
      `EXISTS (SELECT 1 FROM accounts a WHERE a.id = s.account_id
                 AND a.suspended_at IS NULL AND a.silenced_at IS NULL)`,
    );
    if (reader) {
      const me = query.bind(reader.id);
      conditions.push(
        `NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.account_id = ${me}::bigint AND b.target_account_id = s.account_id)
                                                OR (b.account_id = s.account_id AND b.target_account_id = ${me}::bigint))`,
        `NOT EXISTS (SELECT 1 FROM mutes m WHERE m.account_id = ${me}::bigint AND m.target_account_id = s.account_id
                                              AND (m.expires_at IS NULL OR m.expires_at > now()))`,
        `NOT EXISTS (SELECT 1 FROM account_domain_blocks d JOIN accounts da ON da.domain = d.domain
                      WHERE d.account_id = ${me}::bigint AND da.id = s.account_id)`,
      );
      if (reader.languages && reader.languages.length > 0) {
        conditions.push(
          `(s.language IS NULL OR s.language = ANY(${query.bind(reader.languages)}::varchar[]))`,
        );
      }
    }
    const { tail, reverse } = idPageSql(column, page, conditions, params);
    const rows = await this.replica.query<{ id: string | number }>(
      `${source} WHERE ${conditions.join(' AND ')} ${tail}`,
      params,
    );
    if (reverse) rows.reverse();
    return rows.map((row) => String(row.id));
  }
}

/** Conditions and bound parameters of a timeline query, starting with the public-row rules. */
class TimelineQuery {
  readonly params: unknown[] = [];
  readonly conditions: string[];

  constructor(filter: PublicTimelineFilter) {
    this.conditions = ['s.visibility = 0', 's.deleted_at IS NULL', 's.reblog_of_id IS NULL'];
    if (filter.local === true) this.conditions.push('s.local');
    if (filter.local === false) this.conditions.push('NOT s.local');
    if (filter.onlyMedia) this.conditions.push('cardinality(s.ordered_media_attachment_ids) > 0');
  }

  bind(value: unknown): string {
    return `$${this.params.push(value)}`;
  }
}
