import { CompiledFilter, FilterMatch, FilterRule, matchFilters } from './filter.policy';
import { showInList, StatusFacts, ViewerRelations } from './status.policy';

/**
 * Whether one streaming subscriber gets a status event (`update`, `status.update`), decided per
 * subscriber on every event as Mastodon's streaming server does, with the rules the REST
 * timelines use:
 * - what `showInList` allows: visible to the viewer (private and direct statuses only to those
 *   who may see them), no block either way with the author or the reblogged author, neither
 *   muted, no blocked author domain;
 * - no status mentioning an account the viewer blocks or mutes (the viewer's own statuses pass);
 * - on public and hashtag streams, only the languages the user chose (statuses without a
 *   language pass, as on the public timelines);
 * - the user's filters of the stream's context: a `hide` filter drops the status, the others
 *   are reported as `filtered`.
 */
export interface StreamedStatus {
  facts: StatusFacts;
  language: string | null;
  /** Accounts the status mentions, and those the reblogged status mentions. */
  mentionedAccountIds: readonly string[];
  /** What keyword filters read: content warning, text, poll options, media descriptions. */
  searchableText: string;
}

export interface StreamSubscriberFacts<F extends FilterRule = FilterRule> {
  /** Relations to the accounts the status involves; `viewerId` null when anonymous. */
  relations: ViewerRelations;
  /** Languages wanted on this stream; null or empty: all. */
  languages: readonly string[] | null;
  /** Filters in force in the stream's context. */
  filters: readonly CompiledFilter<F>[];
  /** Whether a filter's action hides what it matches. */
  hides: (rule: F) => boolean;
}

export type StreamDecision<F extends FilterRule = FilterRule> =
  { deliver: false } | { deliver: true; matches: FilterMatch<F>[] };

/** Whether a status in `language` belongs on a public stream of a user who chose `languages`. */
export function wantsLanguage(
  languages: readonly string[] | null,
  language: string | null,
): boolean {
  return !languages || languages.length === 0 || language === null || languages.includes(language);
}

export function decideStreamedStatus<F extends FilterRule>(
  status: StreamedStatus,
  subscriber: StreamSubscriberFacts<F>,
): StreamDecision<F> {
  const { relations } = subscriber;
  if (!showInList(status.facts, relations)) return { deliver: false };
  if (!wantsLanguage(subscriber.languages, status.language)) return { deliver: false };
  const viewerId = relations.viewerId;
  if (viewerId === null) return { deliver: true, matches: [] };
  if (status.facts.accountId !== viewerId) {
    const involvesIgnored = status.mentionedAccountIds.some(
      (id) => id !== viewerId && (relations.blocking.has(id) || relations.muting.has(id)),
    );
    if (involvesIgnored) return { deliver: false };
  }
  const matches = matchFilters(subscriber.filters, {
    id: status.facts.id,
    reblogOfId: status.facts.reblogOfId,
    searchableText: status.searchableText,
  });
  if (matches.some((match) => subscriber.hides(match.rule))) return { deliver: false };
  return { deliver: true, matches };
}
