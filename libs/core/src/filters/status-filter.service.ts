import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CustomFilter, FilterAction, FilterContextName, Status } from '@nestodon/domain';
import { activeFilters, CompiledFilter, FilterRule, matchFilters } from '@nestodon/policies';
import {
  FilterContext,
  FilterResultJson,
  serializeFilter,
  StatusFilterMatcher,
} from '@nestodon/serializers';
import { RedisService } from '@nestodon/platform';
import { htmlToText } from '@nestodon/text';
import { DataSource } from 'typeorm';

/** A filter in force, with what the policy matches on. */
export interface LoadedFilter extends FilterRule {
  filter: CustomFilter;
}

interface FilterRow {
  id: string;
  phrase: string;
  context: FilterContextName[];
  action: number;
  expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  keywords: Array<{ keyword: string; whole_word: boolean }>;
  status_ids: string[];
}

/** Redis key of a user's cached filters. */
export const filtersCacheKey = (accountId: string) => `filters:${accountId}`;
const FILTERS_CACHE_SECONDS = 24 * 3600;

interface Memo {
  viewerId: string;
  context: FilterContext | undefined;
  results: FilterResultJson[];
}

export interface FilterOutcome {
  /** The statuses left after removing those a `hide` filter matches. */
  kept: Status[];
  /** FilterResult entities per status id (reblogs and reblogged statuses alike). */
  results: Map<string, FilterResultJson[]>;
}

/**
 * Applies a user's keyword and status filters (libs/policies) to a page of statuses: `hide`
 * filters remove statuses, and every matching filter is reported as `filtered` on the rest.
 * Filters count in the context of the page (every context for a single status); expired
 * filters do nothing. One query for the filters, one more for poll options and media
 * descriptions when keyword filters are in force. Also StatusPresenter's filter matcher:
 * results computed by `apply` are remembered on the status objects, so rendering the same
 * page reuses them.
 */
@Injectable()
export class StatusFilterService implements StatusFilterMatcher {
  private readonly memo = new WeakMap<Status, Memo>();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisService,
  ) {}

  async apply(
    viewerId: string,
    statuses: Status[],
    context: FilterContext | undefined,
    /** The user's filters when already loaded (activeFor), to save a round trip. */
    rules?: LoadedFilter[],
  ): Promise<FilterOutcome> {
    const results = await this.compute(viewerId, statuses, context, rules);
    const kept = statuses.filter((status) => {
      const matches = results.get(status.id) ?? [];
      return !matches.some((match) => match.filter.filter_action === 'hide');
    });
    return { kept, results };
  }

  /** StatusPresenter's hook: the FilterResults of each status, keyed by status id. */
  async match(
    viewerId: string,
    statuses: Status[],
    context: FilterContext | undefined,
  ): Promise<Map<string, unknown[]>> {
    const remembered = new Map<string, unknown[]>();
    let complete = true;
    for (const status of statuses) {
      const memo = this.memo.get(status);
      if (!memo || memo.viewerId !== viewerId || memo.context !== context) {
        complete = false;
        break;
      }
      if (memo.results.length) {
        remembered.set(status.id, memo.results);
        if (status.reblog) remembered.set(status.reblog.id, memo.results);
      }
    }
    if (complete) return remembered;
    return this.compute(viewerId, statuses, context);
  }

  /**
   * The user's filters in force (any context), with keywords and status ids. Cached in Redis
   * until the filters change (FiltersChangedNotifier drops the entry); expiry is checked on use.
   * `cachedValue`: the cache entry when the caller already read it (null: missing).
   */
  async activeFor(viewerId: string, cachedValue?: string | null): Promise<LoadedFilter[]> {
    const key = filtersCacheKey(viewerId);
    const cached = cachedValue === undefined ? await this.redis.client.get(key) : cachedValue;
    let rows: FilterRow[];
    if (cached) {
      rows = JSON.parse(cached) as FilterRow[];
    } else {
      rows = await this.loadRows(viewerId);
      await this.redis.client.set(key, JSON.stringify(rows), 'EX', FILTERS_CACHE_SECONDS);
    }
    return rows.map((row) => {
      const filter = Object.assign(new CustomFilter(), {
        id: row.id,
        accountId: viewerId,
        phrase: row.phrase,
        context: row.context,
        action: Number(row.action) as FilterAction,
        expiresAt: row.expires_at ? new Date(row.expires_at) : null,
        createdAt: new Date(row.created_at),
        updatedAt: new Date(row.updated_at),
      });
      return {
        id: row.id,
        context: row.context,
        expiresAt: filter.expiresAt,
        keywords: row.keywords.map((k) => ({ keyword: k.keyword, wholeWord: k.whole_word })),
        statusIds: row.status_ids,
        filter,
      };
    });
  }

  private loadRows(viewerId: string): Promise<FilterRow[]> {
    return this.dataSource.query(
      `SELECT f.id::text, f.phrase, f.context, f.action, f.expires_at, f.created_at, f.updated_at,
              COALESCE((SELECT json_agg(json_build_object('keyword', k.keyword, 'whole_word', k.whole_word)
                                 ORDER BY k.id)
                          FROM custom_filter_keywords k WHERE k.custom_filter_id = f.id), '[]'::json) AS keywords,
              ARRAY(SELECT s.status_id::text FROM custom_filter_statuses s
                     WHERE s.custom_filter_id = f.id) AS status_ids
         FROM custom_filters f
        WHERE f.account_id = $1 AND (f.expires_at IS NULL OR f.expires_at > now())
        ORDER BY f.id`,
      [viewerId],
    );
  }

  private async compute(
    viewerId: string,
    statuses: Status[],
    context: FilterContext | undefined,
    rules?: LoadedFilter[],
  ): Promise<Map<string, FilterResultJson[]>> {
    const results = new Map<string, FilterResultJson[]>();
    if (statuses.length === 0) return results;
    const filters = activeFilters(rules ?? (await this.activeFor(viewerId)), context);
    if (filters.length > 0) {
      const extras = filters.some((filter) => filter.pattern)
        ? await this.extraText(statuses.map((status) => status.reblog ?? status))
        : new Map<string, string[]>();
      for (const status of statuses) {
        const found = this.matchOne(filters, status, extras);
        if (found.length) {
          results.set(status.id, found);
          if (status.reblog) results.set(status.reblog.id, found);
        }
      }
    }
    for (const status of statuses) {
      this.memo.set(status, { viewerId, context, results: results.get(status.id) ?? [] });
    }
    return results;
  }

  private matchOne(
    filters: CompiledFilter<LoadedFilter>[],
    status: Status,
    extras: Map<string, string[]>,
  ): FilterResultJson[] {
    const proper = status.reblog ?? status;
    return matchFilters(filters, {
      id: status.id,
      reblogOfId: status.reblogOfId,
      searchableText: searchableText(proper, extras.get(proper.id) ?? []),
    }).map((match) => ({
      filter: serializeFilter(match.rule.filter),
      keyword_matches: match.keywordMatches,
      status_matches: match.statusMatches,
    }));
  }

  /** Poll options and media descriptions of statuses, which keyword filters also read. */
  private async extraText(statuses: Status[]): Promise<Map<string, string[]>> {
    const ids = [...new Set(statuses.map((status) => status.id))];
    const rows: Array<{ status_id: string; text: string }> = await this.dataSource.query(
      `SELECT status_id::text, array_to_string(options, E'\\n\\n') AS text FROM polls
        WHERE status_id = ANY($1::bigint[])
       UNION ALL
       SELECT status_id::text, description FROM media_attachments
        WHERE status_id = ANY($1::bigint[]) AND description IS NOT NULL AND description <> ''`,
      [ids],
    );
    const map = new Map<string, string[]>();
    for (const row of rows) map.set(row.status_id, [...(map.get(row.status_id) ?? []), row.text]);
    return map;
  }
}

/**
 * What keyword filters read of a status (Mastodon's searchable text): content warning, plain
 * text (local statuses keep what was typed, remote ones are HTML), poll options and media
 * descriptions.
 */
export function searchableText(status: Status, extras: string[] = []): string {
  const body = status.local ? status.text : htmlToText(status.contentHtml ?? status.text);
  return [status.spoilerText, body, ...extras].filter((part) => part).join('\n\n');
}
