import { Injectable } from '@nestjs/common';
import {
  ActiveFilterRow,
  CustomFilter,
  CustomFilterRepository,
  FilterAction,
  Status,
} from '@nestodon/domain';
import { activeFilters, CompiledFilter, FilterRule, matchFilters } from '@nestodon/policies';
import {
  FilterContext,
  FilterResultJson,
  serializeFilter,
  StatusFilterMatcher,
} from '@nestodon/serializers';
import { ExpiringStore, softly } from '@nestodon/platform';
import { htmlToText } from '@nestodon/text';

/** A filter in force, with what the policy matches on. */
export interface LoadedFilter extends FilterRule {
  filter: CustomFilter;
}

/** Key of a user's cached filters (under `cache:`, so `cache clear` drops it). */
export const filtersCacheKey = (accountId: string) => `cache:filters:${accountId}`;
const FILTERS_CACHE_MS = 24 * 3600 * 1000;

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
 * page reuses them. Read-only: a query service over the user's filters.
 */
@Injectable()
export class StatusFilterQueries implements StatusFilterMatcher {
  private readonly memo = new WeakMap<Status, Memo>();

  constructor(
    private readonly customFilters: CustomFilterRepository,
    private readonly cache: ExpiringStore,
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
   * The user's filters in force (any context), with keywords and status ids. Cached in
   * ExpiringStore until the filters change (FiltersChangedNotifier drops the entry); expiry is
   * checked on use.
   * `cachedValue`: the cache entry when the caller already read it (null: missing).
   */
  async activeFor(viewerId: string, cachedValue?: string | null): Promise<LoadedFilter[]> {
    const key = filtersCacheKey(viewerId);
    const cached =
      cachedValue === undefined ? await softly(this.cache.get(key), null) : cachedValue;
    let rows: ActiveFilterRow[];
    if (cached) {
      rows = JSON.parse(cached) as ActiveFilterRow[];
    } else {
      rows = await this.customFilters.activeRows(viewerId);
      await softly(this.cache.set(key, JSON.stringify(rows), FILTERS_CACHE_MS), undefined);
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
        ? await this.customFilters.extraText(statuses.map((status) => (status.reblog ?? status).id))
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
