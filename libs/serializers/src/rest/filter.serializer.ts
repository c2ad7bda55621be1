import {
  CustomFilter,
  CustomFilterKeyword,
  CustomFilterStatus,
  FILTER_ACTION_NAMES,
  FilterActionName,
  FilterContextName,
} from '@nestodon/domain';

export interface FilterKeywordJson {
  id: string;
  keyword: string;
  whole_word: boolean;
}

export interface FilterStatusJson {
  id: string;
  status_id: string;
}

/** Mastodon's Filter (v2); keywords and statuses only in the filter endpoints. */
export interface FilterJson {
  id: string;
  title: string;
  context: FilterContextName[];
  expires_at: string | null;
  filter_action: FilterActionName;
  keywords?: FilterKeywordJson[];
  statuses?: FilterStatusJson[];
}

/** Mastodon's V1::Filter: one keyword of a filter, with the filter's settings. */
export interface FilterV1Json {
  id: string;
  phrase: string;
  context: FilterContextName[];
  whole_word: boolean;
  expires_at: string | null;
  irreversible: boolean;
}

/** Mastodon's FilterResult, attached to statuses as `filtered`. */
export interface FilterResultJson {
  filter: FilterJson;
  keyword_matches: string[] | null;
  status_matches: string[] | null;
}

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function serializeFilterKeyword(keyword: CustomFilterKeyword): FilterKeywordJson {
  return { id: String(keyword.id), keyword: keyword.keyword, whole_word: keyword.wholeWord };
}

export function serializeFilterStatus(status: CustomFilterStatus): FilterStatusJson {
  return { id: String(status.id), status_id: String(status.statusId) };
}

/** With `rules`, the keywords and statuses given are included (filter endpoints). */
export function serializeFilter(
  filter: CustomFilter,
  rules?: { keywords: CustomFilterKeyword[]; statuses: CustomFilterStatus[] },
): FilterJson {
  const json: FilterJson = {
    id: String(filter.id),
    title: filter.phrase,
    context: filter.context,
    expires_at: iso(filter.expiresAt),
    filter_action: FILTER_ACTION_NAMES[filter.action] ?? 'warn',
  };
  if (rules) {
    json.keywords = rules.keywords.map(serializeFilterKeyword);
    json.statuses = rules.statuses.map(serializeFilterStatus);
  }
  return json;
}

export function serializeFilterV1(
  filter: CustomFilter,
  keyword: CustomFilterKeyword,
): FilterV1Json {
  return {
    id: String(keyword.id),
    phrase: keyword.keyword,
    context: filter.context,
    whole_word: keyword.wholeWord,
    expires_at: iso(filter.expiresAt),
    irreversible: filter.action === 1,
  };
}
