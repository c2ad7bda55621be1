import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MediaAttachment } from '../entities/media-attachment.entity';
import { OAuthApplication } from '../entities/oauth-application.entity';
import { PreviewCard } from '../entities/preview-card.entity';
import { Quote } from '../entities/quote.entity';
import {
  EntityRowMapper,
  PreparedEntityQuery,
  queryPrepared,
  queryPreparedArrays,
} from './raw-rows';

export interface StatusCounts {
  repliesCount: number;
  reblogsCount: number;
  favouritesCount: number;
  quotesCount: number;
}

/** An account a status mentions, as a status shows it. */
export interface MentionedAccount {
  id: string;
  username: string;
  /** Null for local accounts. */
  domain: string | null;
  url: string | null;
  uri: string | null;
}

export interface StatusTagName {
  name: string;
  displayName: string | null;
}

/** The viewer's marks on a page: status ids, and conversation ids for mutes. */
export interface ViewerStatusMarks {
  favourited: Set<string>;
  reblogged: Set<string>;
  bookmarked: Set<string>;
  pinned: Set<string>;
  mutedConversations: Set<string>;
}

/** Per-status facts of a page of statuses, keyed by status id. */
export interface StatusPageFacts {
  counts: Map<string, StatusCounts>;
  /** In mention order. */
  mentions: Map<string, MentionedAccount[]>;
  /** By name. */
  tags: Map<string, StatusTagName[]>;
  /** Null without a viewer. */
  viewer: ViewerStatusMarks | null;
}

/** An author's counters as an account shows them. */
export interface AuthorCounters {
  statusesCount: number;
  followingCount: number;
  followersCount: number;
  /** The UTC date (YYYY-MM-DD) of the account's last status. */
  lastStatusDate: string | null;
}

/** What changes between two renderings of the same status versions: counters and marks. */
export interface LiveStatusFacts {
  counts: Map<string, StatusCounts>;
  /** Null without a viewer. */
  viewer: ViewerStatusMarks | null;
  /** By account id. */
  authors: Map<string, AuthorCounters>;
}

/** What statuses link to beyond their row, each by key. */
export interface StatusExtras {
  /** The quotes the statuses make. */
  quotes: Quote[];
  /** Link preview cards, by status id. */
  cards: Map<string, PreviewCard>;
  /** The applications the statuses were posted with, by id. */
  applications: Map<string, OAuthApplication>;
}

interface FactRow {
  kind:
    | 'stat'
    | 'mention'
    | 'tag'
    | 'favourited'
    | 'reblogged'
    | 'bookmarked'
    | 'pinned'
    | 'muted'
    | 'author';
  /**
   * A status id (a conversation id for `muted`; for `author`, an account id, with its
   * statuses, following and followers counts and last status date in the four counters).
   */
  status_id: string;
  replies_count: string | null;
  reblogs_count: string | null;
  favourites_count: string | null;
  quotes_count: string | null;
  account_id: string | null;
  username: string | null;
  domain: string | null;
  url: string | null;
  uri: string | null;
  tag_name: string | null;
  tag_display_name: string | null;
}

/** The counters of statuses ($1: status ids), first of the facts queries below. */
const STAT_FACTS_SQL = `
  SELECT 'stat' AS kind, status_id::text AS status_id, replies_count::text AS replies_count,
         reblogs_count::text AS reblogs_count, favourites_count::text AS favourites_count,
         quotes_count::text AS quotes_count, NULL::text AS account_id, NULL::varchar AS username,
         NULL::varchar AS domain, NULL::varchar AS url, NULL::varchar AS uri,
         NULL::varchar AS tag_name, NULL::varchar AS tag_display_name, NULL::bigint AS mention_order
    FROM status_stats WHERE status_id = ANY($1::bigint[])`;

/** Per-status facts of a page ($1: status ids); see StatusPageRepository.facts. */
const FACTS_SQL = `${STAT_FACTS_SQL}
  UNION ALL
  SELECT 'mention', m.status_id::text, NULL, NULL, NULL, NULL,
         a.id::text, a.username, a.domain, a.url, a.uri, NULL, NULL, m.id
    FROM mentions m JOIN accounts a ON a.id = m.account_id
   WHERE m.status_id = ANY($1::bigint[]) AND m.silent = false
  UNION ALL
  SELECT 'tag', st.status_id::text, NULL, NULL, NULL, NULL,
         NULL, NULL, NULL, NULL, NULL, t.name, t.display_name, NULL
    FROM statuses_tags st JOIN tags t ON t.id = st.tag_id
   WHERE st.status_id = ANY($1::bigint[])`;

/** The viewer's marks ($2: viewer, $3: conversation ids), appended to FACTS_SQL. */
const VIEWER_FACTS_SQL = `
  UNION ALL
  SELECT 'favourited', status_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM favourites WHERE account_id = $2 AND status_id = ANY($1::bigint[])
  UNION ALL
  SELECT 'bookmarked', status_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM bookmarks WHERE account_id = $2 AND status_id = ANY($1::bigint[])
  UNION ALL
  SELECT 'pinned', status_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM status_pins WHERE account_id = $2 AND status_id = ANY($1::bigint[])
  UNION ALL
  SELECT 'reblogged', reblog_of_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM statuses WHERE account_id = $2 AND reblog_of_id = ANY($1::bigint[]) AND deleted_at IS NULL
  UNION ALL
  SELECT 'muted', conversation_id::text, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM conversation_mutes WHERE account_id = $2 AND conversation_id = ANY($3::bigint[])`;

/** The counters of the authors ($4: account ids), appended to the live facts. */
const AUTHOR_FACTS_SQL = `
  UNION ALL
  SELECT 'author', account_id::text, statuses_count::text, following_count::text,
         followers_count::text, to_char(last_status_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'),
         NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
    FROM account_stats WHERE account_id = ANY($4::bigint[])`;

const FACTS_ORDER = `
  ORDER BY mention_order, tag_name`;

/**
 * What rendering a page of statuses reads besides the statuses themselves, each in one query
 * whatever the page's length: counters, mentions, tags and the viewer's marks together; media,
 * applications and custom emojis by key. The hot read path: fixed texts, prepared.
 */
@Injectable()
export class StatusPageRepository {
  private readonly mediaByIds: PreparedEntityQuery<MediaAttachment>;
  private extrasQuery?: {
    quote: EntityRowMapper<Quote>;
    card: EntityRowMapper<PreviewCard>;
    application: EntityRowMapper<OAuthApplication>;
    text: string;
  };

  constructor(private readonly dataSource: DataSource) {
    this.mediaByIds = new PreparedEntityQuery(
      dataSource,
      MediaAttachment,
      'm',
      (select) => `SELECT ${select} FROM media_attachments m WHERE m.id = ANY($1::bigint[])`,
    );
  }

  /** Counters, mentions, tags and (for a viewer) the viewer's marks, in one query. */
  async facts(
    statusIds: string[],
    viewer: { id: string; conversationIds: string[] } | null,
  ): Promise<StatusPageFacts> {
    const rows = await queryPrepared<FactRow>(
      this.dataSource,
      viewer ? FACTS_SQL + VIEWER_FACTS_SQL + FACTS_ORDER : FACTS_SQL + FACTS_ORDER,
      viewer ? [statusIds, viewer.id, viewer.conversationIds] : [statusIds],
    );
    const facts: StatusPageFacts = {
      counts: new Map(),
      mentions: new Map(),
      tags: new Map(),
      viewer: viewer ? emptyMarks() : null,
    };
    const append = <T>(map: Map<string, T[]>, key: string, value: T) => {
      const list = map.get(key);
      if (list) list.push(value);
      else map.set(key, [value]);
    };
    for (const row of rows) {
      switch (row.kind) {
        case 'mention':
          append(facts.mentions, row.status_id, {
            id: row.account_id!,
            username: row.username!,
            domain: row.domain,
            url: row.url,
            uri: row.uri,
          });
          break;
        case 'tag':
          append(facts.tags, row.status_id, {
            name: row.tag_name!,
            displayName: row.tag_display_name,
          });
          break;
        default:
          readCountOrMark(row, facts.counts, facts.viewer);
      }
    }
    return facts;
  }

  /**
   * What a cached rendering of statuses lacks, in one query: their counters, the viewer's
   * marks (for a viewer) and the counters of `authorIds`.
   */
  async liveFacts(
    statusIds: string[],
    viewer: { id: string; conversationIds: string[] } | null,
    authorIds: string[],
  ): Promise<LiveStatusFacts> {
    const rows = await queryPrepared<FactRow>(
      this.dataSource,
      STAT_FACTS_SQL + VIEWER_FACTS_SQL + AUTHOR_FACTS_SQL,
      [statusIds, viewer?.id ?? null, viewer?.conversationIds ?? [], authorIds],
    );
    const live: LiveStatusFacts = {
      counts: new Map(),
      viewer: viewer ? emptyMarks() : null,
      authors: new Map(),
    };
    for (const row of rows) {
      if (row.kind === 'author') {
        live.authors.set(row.status_id, {
          statusesCount: Number(row.replies_count),
          followingCount: Number(row.reblogs_count),
          followersCount: Number(row.favourites_count),
          lastStatusDate: row.quotes_count,
        });
      } else readCountOrMark(row, live.counts, live.viewer);
    }
    return live;
  }

  media(ids: string[]): Promise<MediaAttachment[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.mediaByIds.run([ids]);
  }

  /**
   * The quotes, link cards and applications of statuses, in one query (a status makes at most
   * one quote and shows at most one card).
   */
  async extras(statusIds: string[]): Promise<StatusExtras> {
    const extras: StatusExtras = { quotes: [], cards: new Map(), applications: new Map() };
    if (statusIds.length === 0) return extras;
    const { quote, card, application, text } = this.extrasMappers();
    for (const row of await queryPreparedArrays(this.dataSource, text, [statusIds])) {
      const statusId = String(row[0]);
      let offset = 1;
      if (!quote.isNull(row, offset)) extras.quotes.push(quote.build(row, offset));
      offset += quote.width;
      if (!card.isNull(row, offset)) extras.cards.set(statusId, card.build(row, offset));
      offset += card.width;
      if (!application.isNull(row, offset)) {
        const app = application.build(row, offset);
        extras.applications.set(String(app.id), app);
      }
    }
    return extras;
  }

  private extrasMappers(): NonNullable<StatusPageRepository['extrasQuery']> {
    if (!this.extrasQuery) {
      const quote = new EntityRowMapper(this.dataSource, Quote, 'q');
      const card = new EntityRowMapper(this.dataSource, PreviewCard, 'c');
      const application = new EntityRowMapper(this.dataSource, OAuthApplication, 'o');
      const text = `SELECT s.id::text, ${quote.select}, ${card.select}, ${application.select}
                      FROM statuses s
                      LEFT JOIN quotes q ON q.status_id = s.id
                      LEFT JOIN preview_cards_statuses pcs ON pcs.status_id = s.id
                      LEFT JOIN preview_cards c ON c.id = pcs.preview_card_id
                      LEFT JOIN oauth_applications o ON o.id = s.application_id
                     WHERE s.id = ANY($1::bigint[])`;
      this.extrasQuery = { quote, card, application, text };
    }
    return this.extrasQuery;
  }
}

/** A viewer's marks on nothing. */
export const emptyMarks = (): ViewerStatusMarks => ({
  favourited: new Set(),
  reblogged: new Set(),
  bookmarked: new Set(),
  pinned: new Set(),
  mutedConversations: new Set(),
});

/** A counters row or a viewer's mark, into the page's maps. */
function readCountOrMark(
  row: FactRow,
  counts: Map<string, StatusCounts>,
  marks: ViewerStatusMarks | null,
): void {
  switch (row.kind) {
    case 'stat':
      counts.set(row.status_id, {
        repliesCount: Number(row.replies_count),
        reblogsCount: Number(row.reblogs_count),
        favouritesCount: Number(row.favourites_count),
        quotesCount: Number(row.quotes_count),
      });
      break;
    case 'muted':
      marks?.mutedConversations.add(row.status_id);
      break;
    case 'favourited':
    case 'reblogged':
    case 'bookmarked':
    case 'pinned':
      marks?.[row.kind].add(row.status_id);
      break;
  }
}
