import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Account, List, normalizeTagName, Status, User } from '@nestodon/domain';
import { showInList } from '@nestodon/policies';
import { JobName, JobQueue } from '@nestodon/queue';
import { FilterContext } from '@nestodon/serializers';
import { DataSource } from 'typeorm';
import { FeedManager, FeedType } from '../feeds/feed-manager';
import {
  filtersCacheKey,
  LoadedFilter,
  StatusFilterService,
} from '../filters/status-filter.service';
import { statusFacts, StatusVisibilityService } from '../statuses/status-visibility.service';
import { TimelineStatusLoader } from './timeline-status-loader';

export interface TimelineWindow {
  maxId?: string;
  sinceId?: string;
  minId?: string;
  limit: number;
}

/** A page of a timeline: what to render, and the cursors read before anything was left out. */
export interface TimelinePage {
  statuses: Status[];
  newestId: string | null;
  oldestId: string | null;
  /** The page came back full: link to older statuses. */
  full: boolean;
}

export interface HomePage extends TimelinePage {
  /** The feed is being rebuilt: answer 206. */
  regenerating: boolean;
}

export interface PublicTimelineOptions {
  local?: boolean;
  remote?: boolean;
  onlyMedia?: boolean;
}

export interface TagTimelineOptions extends PublicTimelineOptions {
  any?: string[];
  all?: string[];
  none?: string[];
}

/** Who reads: a user (account and chosen languages) or nobody. */
export type TimelineViewer =
  (Pick<Account, 'id'> & { user?: Pick<User, 'chosenLanguages'> }) | null;

/** Most extra tags `any[]`, `all[]` and `none[]` may name together. */
export const MAX_TAG_TIMELINE_TAGS = 8;

/**
 * The timelines: home and list feeds read from Redis, public and hashtag timelines from
 * PostgreSQL (partial indexes on public originals; statuses_tags by tag). Every page then
 * goes through the visibility policy (blocks, mutes, domain blocks) and the viewer's filters
 * (`hide` removes) in a constant number of queries. A missing home feed is rebuilt in the
 * worker while the timeline answers 206.
 */
@Injectable()
export class FetchTimelinesService {
  private readonly logger = new Logger(FetchTimelinesService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly feeds: FeedManager,
    private readonly loader: TimelineStatusLoader,
    private readonly visibility: StatusVisibilityService,
    private readonly filters: StatusFilterService,
    private readonly jobs: JobQueue,
  ) {}

  async home(viewer: Pick<Account, 'id'>, window: TimelineWindow): Promise<HomePage> {
    // The feed page and the viewer's cached filters in one round trip to Redis.
    const { ids, ready, values } = await this.feeds.readHome(viewer.id, window, [
      filtersCacheKey(viewer.id),
    ]);
    const regenerating = ready ? false : await this.regenerate(viewer.id);
    const rules = this.filters.activeFor(viewer.id, values[0]);
    return { ...(await this.page(ids, viewer, window, 'home', rules)), regenerating };
  }

  async list(
    viewer: Pick<Account, 'id'>,
    list: List,
    window: TimelineWindow,
  ): Promise<TimelinePage> {
    return this.fromFeed('list', String(list.id), viewer, window, 'home');
  }

  async public(
    viewer: TimelineViewer,
    options: PublicTimelineOptions,
    window: TimelineWindow,
  ): Promise<TimelinePage> {
    const params: unknown[] = [];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const conditions = [
      's.visibility = 0',
      's.deleted_at IS NULL',
      's.reblog_of_id IS NULL',
      '(s.reply = false OR s.in_reply_to_account_id = s.account_id)',
      ...this.locality(options),
    ];
    if (options.onlyMedia) conditions.push('cardinality(s.ordered_media_attachment_ids) > 0');
    return this.fromDatabase(
      `SELECT s.id AS id FROM statuses s`,
      conditions,
      params,
      bind,
      viewer,
      window,
      'public',
    );
  }

  /** An unknown tag is an empty timeline. */
  async tag(
    viewer: TimelineViewer,
    name: string,
    options: TagTimelineOptions,
    window: TimelineWindow,
  ): Promise<TimelinePage> {
    const any = [name, ...(options.any ?? [])].map(normalizeTagName).filter(Boolean);
    const all = (options.all ?? []).map(normalizeTagName).filter(Boolean);
    const none = (options.none ?? []).map(normalizeTagName).filter(Boolean);
    const empty: TimelinePage = { statuses: [], newestId: null, oldestId: null, full: false };
    const rows: Array<{ id: string; name: string }> = await this.dataSource.query(
      `SELECT id::text, name FROM tags WHERE name = ANY($1::varchar[])`,
      [[...new Set([...any, ...all, ...none])]],
    );
    const idOf = new Map(rows.map((row) => [row.name, row.id]));
    const anyIds = any.flatMap((tag) => (idOf.has(tag) ? [idOf.get(tag)!] : []));
    if (!idOf.has(normalizeTagName(name)) || anyIds.length === 0) return empty;
    if (all.some((tag) => !idOf.has(tag))) return empty;
    const allIds = all.map((tag) => idOf.get(tag)!);
    const noneIds = none.flatMap((tag) => (idOf.has(tag) ? [idOf.get(tag)!] : []));

    const params: unknown[] = [];
    const bind = (value: unknown) => `$${params.push(value)}`;
    const conditions = [
      's.visibility = 0',
      's.deleted_at IS NULL',
      's.reblog_of_id IS NULL',
      ...this.locality(options),
    ];
    for (const tagId of allIds) {
      conditions.push(
        `EXISTS (SELECT 1 FROM statuses_tags a WHERE a.status_id = s.id AND a.tag_id = ${bind(tagId)}::bigint)`,
      );
    }
    if (noneIds.length) {
      conditions.push(
        `NOT EXISTS (SELECT 1 FROM statuses_tags n WHERE n.status_id = s.id AND n.tag_id = ANY(${bind(noneIds)}::bigint[]))`,
      );
    }
    if (options.onlyMedia) conditions.push('cardinality(s.ordered_media_attachment_ids) > 0');
    // One tag reads the statuses_tags primary key backwards; several need DISTINCT.
    if (anyIds.length === 1) {
      const source = `SELECT st.status_id AS id FROM statuses_tags st
        JOIN statuses s ON s.id = st.status_id`;
      conditions.unshift(`st.tag_id = ${bind(anyIds[0])}::bigint`);
      return this.fromDatabase(
        source,
        conditions,
        params,
        bind,
        viewer,
        window,
        'public',
        'st.status_id',
      );
    }
    const source = `SELECT DISTINCT s.id AS id FROM statuses_tags st
      JOIN statuses s ON s.id = st.status_id AND st.tag_id = ANY(${bind(anyIds)}::bigint[])`;
    return this.fromDatabase(source, conditions, params, bind, viewer, window, 'public', 's.id');
  }

  private locality(options: PublicTimelineOptions): string[] {
    if (options.local && !options.remote) return ['s.local'];
    if (options.remote && !options.local) return ['NOT s.local'];
    return [];
  }

  /** Starts rebuilding a missing home feed (unless a rebuild runs); true: answer 206. */
  private async regenerate(accountId: string): Promise<boolean> {
    if (await this.feeds.beginRegeneration(accountId)) {
      try {
        await this.jobs.enqueue(JobName.RegenerateHomeFeed, { accountId });
      } catch (error) {
        await this.feeds.endRegeneration(accountId);
        this.logger.warn(`home feed of ${accountId} not regenerated: ${String(error)}`);
      }
    }
    return true;
  }

  private async fromFeed(
    type: FeedType,
    feedId: string,
    viewer: Pick<Account, 'id'>,
    window: TimelineWindow,
    context: FilterContext,
  ): Promise<TimelinePage> {
    return this.page(await this.feeds.read(type, feedId, window), viewer, window, context);
  }

  private async page(
    ids: string[],
    viewer: Pick<Account, 'id'>,
    window: TimelineWindow,
    context: FilterContext,
    rules?: Promise<LoadedFilter[]>,
  ): Promise<TimelinePage> {
    return {
      statuses: await this.presentable(ids, viewer, context, rules),
      newestId: ids[0] ?? null,
      oldestId: ids.at(-1) ?? null,
      full: ids.length >= window.limit,
    };
  }

  /**
   * Ids from PostgreSQL: public statuses of authors neither suspended nor silenced, without
   * the viewer's blocks (either way), mutes and blocked domains, in their languages.
   */
  private async fromDatabase(
    source: string,
    conditions: string[],
    params: unknown[],
    bind: (value: unknown) => string,
    viewer: TimelineViewer,
    window: TimelineWindow,
    context: FilterContext,
    column = 's.id',
  ): Promise<TimelinePage> {
    const where = [...conditions];
    where.push(
      `EXISTS (SELECT 1 FROM accounts a WHERE a.id = s.account_id
                 AND a.suspended_at IS NULL AND a.silenced_at IS NULL)`,
    );
    if (viewer) {
      const me = bind(viewer.id);
      where.push(
        `NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.account_id = ${me}::bigint AND b.target_account_id = s.account_id)
                                                OR (b.account_id = s.account_id AND b.target_account_id = ${me}::bigint))`,
        `NOT EXISTS (SELECT 1 FROM mutes m WHERE m.account_id = ${me}::bigint AND m.target_account_id = s.account_id
                                              AND (m.expires_at IS NULL OR m.expires_at > now()))`,
        `NOT EXISTS (SELECT 1 FROM account_domain_blocks d JOIN accounts da ON da.domain = d.domain
                      WHERE d.account_id = ${me}::bigint AND da.id = s.account_id)`,
      );
      const languages = viewer.user?.chosenLanguages;
      if (languages && languages.length > 0) {
        where.push(`(s.language IS NULL OR s.language = ANY(${bind(languages)}::varchar[]))`);
      }
    }
    if (window.maxId) where.push(`${column} < ${bind(window.maxId)}::bigint`);
    if (window.sinceId) where.push(`${column} > ${bind(window.sinceId)}::bigint`);
    if (window.minId) where.push(`${column} > ${bind(window.minId)}::bigint`);
    const ascending = Boolean(window.minId);
    const rows: Array<{ id: string | number }> = await this.dataSource.query(
      `${source} WHERE ${where.join(' AND ')}
        ORDER BY ${column} ${ascending ? 'ASC' : 'DESC'} LIMIT ${bind(window.limit)}`,
      params,
    );
    if (ascending) rows.reverse();
    const ids = rows.map((row) => String(row.id));
    return {
      statuses: await this.presentable(ids, viewer, context),
      newestId: ids[0] ?? null,
      oldestId: ids.at(-1) ?? null,
      full: ids.length >= window.limit,
    };
  }

  /** Loads statuses in order and keeps what the viewer may see and has not filtered away. */
  private async presentable(
    ids: string[],
    viewer: TimelineViewer,
    context: FilterContext,
    /** The viewer's filters, when already on their way. */
    rules?: Promise<LoadedFilter[]>,
  ): Promise<Status[]> {
    if (ids.length === 0) {
      await rules?.catch(() => undefined);
      return [];
    }
    // The viewer's filters come from Redis while the statuses load.
    const [loaded, filters] = await Promise.all([
      this.loader.load(ids),
      viewer ? (rules ?? this.filters.activeFor(viewer.id)) : undefined,
    ]);
    const relations = await this.visibility.relationsFor(viewer, loaded);
    const visible = loaded.filter((status) => showInList(statusFacts(status), relations));
    if (!viewer) return visible;
    return (await this.filters.apply(viewer.id, visible, context, filters)).kept;
  }
}
