/**
 * Keyword and status filters, as pure functions: which of a user's filters are in force, and
 * which match a status. Mastodon's rules:
 * - a filter whose expires_at has passed does nothing;
 * - keywords match case-insensitively anywhere in the status's searchable text (content warning,
 *   plain text, poll options, media descriptions) unless whole_word is set;
 * - whole_word puts a word boundary at an end of the keyword only when the keyword starts/ends
 *   with a word character there (so `#tag` and `c++` still match after/before punctuation);
 *   word characters are Unicode letters, marks, decimal digits and connector punctuation;
 * - a filter reports the first keyword text it found, and the ids among the status and what it
 *   reblogs that it lists.
 */

export interface FilterKeywordRule {
  keyword: string;
  wholeWord: boolean;
}

export interface FilterRule {
  id: string;
  context: readonly string[];
  expiresAt: Date | null;
  keywords: readonly FilterKeywordRule[];
  statusIds: readonly string[];
}

/** A filter ready to test statuses against. */
export interface CompiledFilter<F extends FilterRule = FilterRule> {
  rule: F;
  /** All keywords in one expression, or null without keywords. */
  pattern: RegExp | null;
  statusIds: ReadonlySet<string>;
}

/** The parts of a status a filter looks at. */
export interface FilterableStatus {
  id: string;
  reblogOfId: string | null;
  /** Text of the status itself, or of the reblogged status for a reblog. */
  searchableText: string;
}

export interface FilterMatch<F extends FilterRule = FilterRule> {
  rule: F;
  keywordMatches: string[] | null;
  statusMatches: string[] | null;
}

const WORD_CHAR = String.raw`[\p{L}\p{M}\p{Nd}\p{Pc}]`;
const STARTS_WITH_WORD = new RegExp(`^${WORD_CHAR}`, 'u');
const ENDS_WITH_WORD = new RegExp(`${WORD_CHAR}$`, 'u');

/** Escapes the characters that mean something in a regular expression (valid with the u flag). */
export function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

/** The expression source of one keyword. */
export function keywordPattern(rule: FilterKeywordRule): string {
  const escaped = escapeRegExp(rule.keyword);
  if (!rule.wholeWord) return escaped;
  const start = STARTS_WITH_WORD.test(rule.keyword) ? `(?<!${WORD_CHAR})` : '';
  const end = ENDS_WITH_WORD.test(rule.keyword) ? `(?!${WORD_CHAR})` : '';
  return `${start}${escaped}${end}`;
}

/** In force: not expired at `now`. */
export function isFilterActive(
  rule: Pick<FilterRule, 'expiresAt'>,
  now: Date = new Date(),
): boolean {
  return rule.expiresAt === null || rule.expiresAt.getTime() > now.getTime();
}

/** Applies to this context; `undefined` (a single status) means every context. */
export function appliesToContext(
  rule: Pick<FilterRule, 'context'>,
  context: string | undefined,
): boolean {
  return context === undefined || rule.context.includes(context);
}

export function compileFilter<F extends FilterRule>(rule: F): CompiledFilter<F> {
  const keywords = rule.keywords.filter((keyword) => keyword.keyword.length > 0);
  return {
    rule,
    pattern: keywords.length
      ? new RegExp(keywords.map((keyword) => `(?:${keywordPattern(keyword)})`).join('|'), 'iu')
      : null,
    statusIds: new Set(rule.statusIds),
  };
}

/**
 * The filters in force in `context` (every context when undefined), compiled once for a page.
 */
export function activeFilters<F extends FilterRule>(
  rules: readonly F[],
  context: string | undefined,
  now: Date = new Date(),
): CompiledFilter<F>[] {
  return rules
    .filter((rule) => isFilterActive(rule, now) && appliesToContext(rule, context))
    .map((rule) => compileFilter(rule));
}

/** The filters that match a status, with what matched. */
export function matchFilters<F extends FilterRule>(
  filters: readonly CompiledFilter<F>[],
  status: FilterableStatus,
): FilterMatch<F>[] {
  const matches: FilterMatch<F>[] = [];
  for (const filter of filters) {
    const found = filter.pattern ? filter.pattern.exec(status.searchableText) : null;
    const keywordMatches = found ? [found[0]] : null;
    const ids = [status.id, ...(status.reblogOfId ? [status.reblogOfId] : [])];
    const hits = ids.filter((id) => filter.statusIds.has(id));
    // Like Mastodon: [] when the filter lists statuses but none of these, null when it lists none.
    const statusMatches = filter.statusIds.size ? hits : null;
    if (keywordMatches || hits.length) {
      matches.push({ rule: filter.rule, keywordMatches, statusMatches });
    }
  }
  return matches;
}
